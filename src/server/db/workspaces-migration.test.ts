import { describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../testing/migration-under-test';

/*
 * Migration workspaces (docs/decisions/0023-workspaces.md): every person gets a personal
 * workspace, as its owner, holding what they owned before it: orders and what hangs off them,
 * panels, the billing profile, API keys (which keep every power a key could use, as admin),
 * idempotency rows and webhook endpoints. Rows of an account deleted before stay with no one.
 */
const NAME = 'workspaces';

describe(`migration ${NAME}`, () => {
  const { client, migrateBefore, migrateAll } = migrationUnderTest(NAME);

  it("gives each person a personal workspace that owns all they owned, and nobody else's", async () => {
    await migrateBefore();
    const person = async (id: string) => {
      await client.query(
        `insert into "user" (id, name, email, email_verified) values ($1, $1, $1 || '@example.com', true)`,
        [id],
      );
    };
    await person('alice');
    await person('bob');
    await person('carol');
    const order = async (userId: string | null) => {
      const { rows } = await client.query<{ id: number }>(
        `insert into orders (user_id, plan_id, quantity, additional_panels, total_cents, status, payment_method,
           provider, subscription_status)
         values ($1, 'basic', 1, 0, 50000, 'completed', 'card', 'sandbox', 'active') returning id`,
        [userId],
      );
      return rows[0]!.id;
    };
    const alices = await order('alice');
    const bobs = await order('bob');
    const orphan = await order(null);
    for (const [orderId, userId, n] of [
      [alices, 'alice', 1],
      [bobs, 'bob', 2],
      [orphan, null, 3],
    ] as const) {
      await client.query(
        `insert into payments (order_id, user_id, amount_cents, status, method, provider, provider_charge_id)
         values ($1, $2, 50000, 'completed', 'card', 'sandbox', 'ch_' || $3)`,
        [orderId, userId, n],
      );
      await client.query(
        `insert into admin_panel_inventory (email, password, status, order_id, sold_to)
         values ('p' || $3 || '@panels.example', 'x', 'sold', $1, $2)`,
        [orderId, userId, n],
      );
    }
    await client.query(
      `insert into admin_panel_inventory (email, password) values ('free@panels.example', 'x')`,
    );
    await client.query(
      `insert into billing_profiles (user_id, company_name, country) values ('bob', 'Bob Ltd', 'DE')`,
    );
    const { rows: keys } = await client.query<{ id: number }>(
      `insert into api_keys (user_id, name, scope, key_hash, hint) values ('bob', 'Sync', 'read_write', 'h', 'pk_') returning id`,
    );
    await client.query(
      `insert into api_idempotency_keys (user_id, idempotency_key, request_hash, api_key_id, locked_at, created_at, expires_at)
       values ('bob', 'k-1', 'x', $1, now(), now(), now() + interval '1 day')`,
      [keys[0]!.id],
    );
    await client.query(
      `insert into webhook_endpoints (user_id, url, events, secret_encrypted)
       values ('bob', 'https://hooks.example.com/in', '{order.paid}', 'x')`,
    );

    await migrateAll();

    const { rows: spaces } = await client.query<{ id: string; created_by: string; name: string }>(
      `select w.id, w.created_by, w.name from workspaces w where w.personal order by w.created_by`,
    );
    expect(spaces.map((w) => [w.created_by, w.name])).toEqual([
      ['alice', 'Personal'],
      ['bob', 'Personal'],
      ['carol', 'Personal'],
    ]);
    const { rows: all } = await client.query('select id from workspaces');
    expect(all).toHaveLength(3);
    const of = (userId: string) => spaces.find((w) => w.created_by === userId)!.id;
    const { rows: members } = await client.query<{ workspace_id: string; user_id: string; role: string }>(
      'select workspace_id, user_id, role from workspace_members order by user_id',
    );
    expect(members).toEqual([
      { workspace_id: of('alice'), user_id: 'alice', role: 'owner' },
      { workspace_id: of('bob'), user_id: 'bob', role: 'owner' },
      { workspace_id: of('carol'), user_id: 'carol', role: 'owner' },
    ]);

    const workspaceOf = async (table: string, where = 'true') =>
      (
        await client.query<{ workspace_id: string | null }>(
          `select workspace_id from ${table} where ${where} order by 1 nulls last`,
        )
      ).rows.map((r) => r.workspace_id);
    expect(await workspaceOf('orders', `id = ${alices}`)).toEqual([of('alice')]);
    expect(await workspaceOf('orders', `id = ${bobs}`)).toEqual([of('bob')]);
    expect(await workspaceOf('orders', `id = ${orphan}`)).toEqual([null]);
    expect(await workspaceOf('payments', `order_id = ${alices}`)).toEqual([of('alice')]);
    expect(await workspaceOf('payments', `order_id = ${orphan}`)).toEqual([null]);
    expect(await workspaceOf('admin_panel_inventory', `order_id = ${bobs}`)).toEqual([of('bob')]);
    expect(await workspaceOf('admin_panel_inventory', `order_id = ${orphan}`)).toEqual([null]);
    expect(await workspaceOf('admin_panel_inventory', 'order_id is null')).toEqual([null]);
    expect(await workspaceOf('billing_profiles')).toEqual([of('bob')]);
    expect(await workspaceOf('api_idempotency_keys')).toEqual([of('bob')]);
    expect(await workspaceOf('webhook_endpoints')).toEqual([of('bob')]);
    const { rows: migratedKeys } = await client.query<{ workspace_id: string; role: string }>(
      'select workspace_id, role from api_keys',
    );
    expect(migratedKeys).toEqual([{ workspace_id: of('bob'), role: 'admin' }]);

    // Rows written after it take their workspace from their order, whichever code writes them.
    await client.query(
      `insert into payments (order_id, amount_cents, status, method, provider, provider_charge_id)
       values ($1, 50000, 'completed', 'card', 'sandbox', 'ch_4')`,
      [alices],
    );
    expect(await workspaceOf('payments', `provider_charge_id = 'ch_4'`)).toEqual([of('alice')]);
    await client.query(
      `update admin_panel_inventory set order_id = $1, status = 'sold' where email = 'free@panels.example'`,
      [bobs],
    );
    expect(await workspaceOf('admin_panel_inventory', `email = 'free@panels.example'`)).toEqual([of('bob')]);
  }, 90_000);
});
