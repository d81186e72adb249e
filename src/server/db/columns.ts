import { type AnyPgColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Columns that many tables have, written once so that each table spells the same SQL.
 * Drizzle builds each table's own column from a builder, so one builder may serve many tables;
 * the functions below still give each use a fresh one.
 */

/** A key the database numbers. */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** When the row was inserted, by the database's clock. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row was inserted and last changed; spread into a table, as one shared pair of builders. */
export const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A required reference to a row whose deletion takes this row with it. */
export const cascadingRef = (name: string, target: () => AnyPgColumn) =>
  text(name).notNull().references(target, { onDelete: 'cascade' });
