import { describe, expect, it } from 'vitest';
import { summarizeStatement } from './statement-summary';

describe('summarizeStatement', () => {
  it.each([
    ['select "id", "status" from "orders" where "orders"."id" = $1', 'SELECT', 'orders'],
    ['  /* drizzle */ SELECT 1', 'SELECT', undefined],
    ['select count(*) from public.panels p', 'SELECT', 'panels'],
    [
      'insert into "outbox_messages" ("kind", "payload") values ($1, $2) returning "id"',
      'INSERT',
      'outbox_messages',
    ],
    [
      'update outbox_messages m set attempts = m.attempts + 1 where m.id in (select 1)',
      'UPDATE',
      'outbox_messages',
    ],
    ['delete from "sessions" where "expires_at" < $1', 'DELETE', 'sessions'],
    ['with due as (select id from orders) update orders set x = 1', 'WITH', undefined],
    ['begin', 'BEGIN', undefined],
    ['set local lock_timeout = 50', 'SET', undefined],
    ['', 'SQL', undefined],
  ])('%s', (statement, operation, table) => {
    expect(summarizeStatement(statement)).toEqual({ operation, table });
  });

  it('reads a quoted name with a quote in it', () => {
    expect(summarizeStatement('select * from "we""ird"').table).toBe('we"ird');
  });
});
