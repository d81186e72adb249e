import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIdempotencyKeys } from '../db/schema';
import { insertCustomer } from '../testing/orders';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { IDEMPOTENCY_TTL_MS, idempotent } from './idempotency';

const database = TEST_DATABASE_NAME;

let t: TestDatabase;
let owner: string;
let workspaceId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ id: owner, workspaceId } = await insertCustomer(t.db));
});
afterAll(() => t.destroy());

const deps = (extra: { inFlightWaitMs?: number; now?: () => Date } = {}) => ({
  db: t.db,
  now: () => new Date(),
  ...extra,
});
const request = (key: string, body: unknown = { n: 1 }) => ({
  workspaceId,
  userId: owner,
  apiKeyId: 1,
  key,
  operation: 'POST /test',
  request: body,
  parse: (stored: unknown) => stored as { n: number },
});

describe(`Idempotency-Key bookkeeping on ${database}`, () => {
  it('frees the key when the write fails, so a retry runs it again', async () => {
    await expect(
      idempotent(deps(), request('fails-1'), async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    expect(
      await t.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.idempotencyKey, 'fails-1')),
    ).toEqual([]);
    const retried = await idempotent(deps(), request('fails-1'), async () => ({
      status: 201,
      body: { n: 1 },
    }));
    expect(retried).toEqual({ status: 201, body: { n: 1 }, replayed: false });
  });

  it("answers 409 'in progress' when the first request is still running after the wait", async () => {
    let finish: () => void = () => {};
    const first = idempotent(deps(), request('slow-1'), async () => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return { status: 201, body: { n: 1 } };
    });
    // Let the first claim the key before the second arrives.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const runs: number[] = [];
    await expect(
      idempotent(deps({ inFlightWaitMs: 300 }), request('slow-1'), async () => {
        runs.push(1);
        return { status: 201, body: { n: 2 } };
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'idempotency_in_progress' });
    finish();
    expect(await first).toEqual({ status: 201, body: { n: 1 }, replayed: false });
    // Once it is done, the same request gets its answer, and the write never ran twice.
    const again = await idempotent(deps(), request('slow-1'), async () => {
      runs.push(1);
      return { status: 201, body: { n: 2 } };
    });
    expect(again).toEqual({ status: 201, body: { n: 1 }, replayed: true });
    expect(runs).toEqual([]);
  });

  it('prunes expired rows of any owner when a key is claimed', async () => {
    const someoneElse = await insertCustomer(t.db);
    const old = new Date(Date.now() - 2 * IDEMPOTENCY_TTL_MS);
    await t.db.insert(apiIdempotencyKeys).values({
      userId: someoneElse.id,
      workspaceId: someoneElse.workspaceId,
      idempotencyKey: 'forgotten',
      requestHash: 'x',
      apiKeyId: 9,
      responseStatus: 201,
      responseBody: {},
      lockedAt: old,
      createdAt: old,
      expiresAt: new Date(old.getTime() + IDEMPOTENCY_TTL_MS),
    });
    await idempotent(deps(), request('fresh-1'), async () => ({ status: 201, body: { n: 1 } }));
    expect(
      await t.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.userId, someoneElse.id)),
    ).toEqual([]);
  });
});
