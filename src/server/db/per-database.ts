import type { Database } from './client';

/**
 * Something made once per database handle and kept as long as the handle lives: a prepared
 * statement (PostgreSQL plans it once per connection instead of per request, and the query is not
 * built again in JavaScript) with the read memo the handle allows.
 */
export function perDatabase<T>(make: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
