import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { adminKitForSuite, insertPanels } from '../testing/admin-kit';
import { insertPendingOrder } from '../testing/orders';
import { hasOwnSuite, type RegisteredRoute, registeredRoutes } from '../testing/routes';
import { TEST_DATABASE_NAME } from '../testing/test-config';

/*
 * Every JSON and query endpoint, as an admin (who reaches all of them), fed what a careless
 * or hostile client sends: wrong types, huge and unicode strings, NUL bytes, big numbers,
 * extra and missing fields, in the body, the query and the path. The answer is never a 5xx;
 * a 4xx has the error shape and changed nothing in the database. (docs/security.md)
 */

/** The business tables; sessions, rate-limit counters and one-time codes change on any request. */
const WATCHED = [
  'orders',
  'payments',
  'admin_panel_inventory',
  'refund_requests',
  'user_profiles',
  'user_settings',
  '"user"',
  'account',
  'two_factor',
  'outbox_messages',
  'audit_log',
  'sandbox_sessions',
  'counters',
  'processed_events',
];

/** Routes with suites of their own: the auth library's front door, provider callbacks, pages. */
const ELSEWHERE = (route: RegisteredRoute) =>
  hasOwnSuite(route) || route.path.startsWith('/api/webhooks') || !route.path.startsWith('/api');

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\uFFFF\uD800', '𝔘𝔫𝔦', '=cmd|calc', "'; drop table orders;--"),
  fc.constant('x'.repeat(70_000)),
);
/** A URL carries only well-formed text: a lone surrogate cannot be encoded into one. */
function wellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(3_000_000_000, -1, 0, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
  fc.double(),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);
/** Field names the product uses, so some generated bodies come close to valid ones. */
const fieldName = fc.oneof(
  fc.constantFrom(
    'id',
    'ids',
    'email',
    'password',
    'planId',
    'additionalPanels',
    'method',
    'reason',
    'note',
    'role',
    'fullName',
    'orderId',
    'sessionId',
    'purpose',
    'confirmEmail',
    'page',
    'search',
    'status',
    'sort',
  ),
  fc.string({ maxLength: 12 }),
);
const hostileBody = fc.oneof(fc.dictionary(fieldName, hostileValue, { maxKeys: 6 }), hostileValue);
const hostileQuery = fc.dictionary(
  fieldName,
  fc.oneof(
    hostileString.filter((s) => wellFormed(s)),
    hostileNumber.map(String),
  ),
  {
    maxKeys: 4,
  },
);
const hostileParam = fc.oneof(
  hostileString.filter((s) => s.length > 0 && s.length < 5_000 && wellFormed(s)),
  hostileNumber.map(String),
);

const kit = adminKitForSuite();
let routes: RegisteredRoute[];

/*
 * Every write to the watched tables counts itself in one row (an update that leaves a row as
 * it was does not): a refusal must leave the count where it was. Reading one number after
 * each request costs far less than hashing the tables, and a write undone by a second write in
 * the same request still counts.
 */
const COUNTED_WRITES = [
  `create table fuzz_writes (n bigint not null)`,
  `insert into fuzz_writes values (0)`,
  `create function fuzz_count_write() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' and old::text is not distinct from new::text then return null; end if;
     update fuzz_writes set n = n + 1;
     return null;
   end $$`,
  ...WATCHED.map(
    (table, i) =>
      `create trigger fuzz_count_write_${i} after insert or update or delete on ${table}
       for each row execute function fuzz_count_write()`,
  ),
];
const UNCOUNTED_WRITES = [
  ...WATCHED.map((table, i) => `drop trigger fuzz_count_write_${i} on ${table}`),
  'drop function fuzz_count_write()',
  'drop table fuzz_writes',
];

async function fingerprint(): Promise<string> {
  const [row] = rowsOf<{ n: string }>(await kit.db.execute(sql`select n::text as n from fuzz_writes`));
  return row?.n ?? '';
}

beforeAll(async () => {
  for (const statement of COUNTED_WRITES) await kit.db.execute(sql.raw(statement));
  routes = registeredRoutes(kit.t.app).filter((route) => !ELSEWHERE(route));
  const { order } = await insertPendingOrder(kit.db, kit.customerUser.id, { quantity: 1 });
  await insertPanels(kit, [{ status: 'sold', soldTo: kit.customerUser.id, orderId: order.id }, {}]);
});
afterAll(async () => {
  for (const statement of UNCOUNTED_WRITES) await kit.db.execute(sql.raw(statement));
});

describe(`fuzzing every API route on ${TEST_DATABASE_NAME}`, () => {
  it('finds the routes to fuzz, and counts a write that changes a watched row', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const before = await fingerprint();
    await kit.db.execute(sql`update "user" set name = name where id = ${kit.customerUser.id}`);
    expect(await fingerprint()).toBe(before);
    await kit.db.execute(sql`update "user" set name = name || '.' where id = ${kit.customerUser.id}`);
    expect(await fingerprint()).not.toBe(before);
  });

  it('never answers 5xx; a refusal has the error shape and changes nothing', async () => {
    // The writes counted up to the last request: each request is compared with it, and a
    // success (which may write) moves it on, so one read per request suffices.
    let known = await fingerprint();
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(hostileParam, hostileQuery, hostileBody, async (param, query, body) => {
          const path = route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(param));
          const search = new URLSearchParams(Object.entries(query)).toString();
          const before = known;
          const res = await kit.admin.request({
            method: route.method as 'GET',
            url: search ? `${path}?${search}` : path,
            ...(route.method === 'GET'
              ? {}
              : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          const who = `${route.method} ${path.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 160)}`;
          known = await fingerprint();
          expect(res.statusCode, who).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json(), who).toMatchObject({
              error: { code: expect.any(String), message: expect.any(String) },
            });
            expect(known, who).toBe(before);
          }
        }),
        { numRuns: 25 },
      );
    }
  }, 300_000);
});
