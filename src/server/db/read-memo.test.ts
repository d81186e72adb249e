import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { readMemo } from './read-memo';
import { appMeta } from './schema';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

const onPglite = !testDatabaseUrl();

describe.runIf(onPglite)('remembered reads on the embedded database', () => {
  const KEY = 'read-memo-test';
  const readValue = async () => {
    const [row] = await database.db.select().from(appMeta).where(eq(appMeta.key, KEY));
    return row?.value ?? null;
  };

  it('serves a read again until any write, whichever way the write comes', async () => {
    const memo = readMemo(database.db);
    if (!memo) throw new Error('PGlite should remember reads');
    let loads = 0;
    const read = () =>
      memo.read('value', async () => {
        loads++;
        return readValue();
      });

    const writes: Array<[string, () => Promise<unknown>]> = [
      ['a drizzle insert', () => database.db.insert(appMeta).values({ key: KEY, value: 'one' })],
      [
        'a drizzle update',
        () => database.db.update(appMeta).set({ value: 'two' }).where(eq(appMeta.key, KEY)),
      ],
      ['raw SQL', () => database.query('update app_meta set value = $1 where key = $2', ['three', KEY])],
      [
        'raw drizzle SQL',
        () => database.db.execute(sql`update app_meta set value = 'four' where key = ${KEY}`),
      ],
      [
        'a transaction',
        () =>
          database.db.transaction(async (tx) => {
            await tx.update(appMeta).set({ value: 'five' }).where(eq(appMeta.key, KEY));
          }),
      ],
    ];
    let expected: string | null = null;
    expect(await read()).toBe(expected);
    for (const [how, write] of writes) {
      const before = loads;
      expect(await read(), how).toBe(expected);
      expect(loads, `${how}: the second read is remembered`).toBe(before);
      await write();
      expected = await readValue();
      expect(await read(), `${how}: the read after the write sees it`).toBe(expected);
      expect(loads, how).toBe(before + 1);
    }
  });

  it('forgets after a rolled-back transaction too, and never keeps what was read during a write', async () => {
    const memo = readMemo(database.db);
    if (!memo) throw new Error('PGlite should remember reads');
    await memo.read('value', readValue);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(appMeta).set({ value: 'rolled back' }).where(eq(appMeta.key, KEY));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    let loads = 0;
    await memo.read('value', async () => {
      loads++;
      return readValue();
    });
    expect(loads).toBe(1);

    // A read that overlaps a write may have seen either side of it: it is not kept.
    const overlapping = memo.read('overlap', async () => {
      await database.db.update(appMeta).set({ value: 'six' }).where(eq(appMeta.key, KEY));
      return 'seen mid-write';
    });
    expect(await overlapping).toBe('seen mid-write');
    expect(await memo.read('overlap', async () => 'fresh')).toBe('fresh');
  });
});

describe.runIf(!onPglite)('reads on PostgreSQL', () => {
  it('are never remembered: other instances write unseen', () => {
    expect(readMemo(database.db)).toBeUndefined();
  });
});
