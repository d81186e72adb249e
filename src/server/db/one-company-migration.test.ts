import { describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../testing/migration-under-test';

/*
 * Migration one_company_and_country: company and country leave the profile row for the billing
 * details (docs/decisions/0013). What customers typed on the profile before is carried over,
 * the country as the ISO code the billing details keep; billing details already filled win.
 */
const NAME = 'one_company_and_country';

describe(`migration ${NAME}`, () => {
  const { client, migrateBefore, migrateAll } = migrationUnderTest(NAME);

  it('moves the profile’s company and country into the billing details, and the invoice copy reads them there', async () => {
    await migrateBefore();
    const users = ['typed', 'coded', 'unknown', 'filled'];
    for (const id of users) {
      await client.query(
        `insert into "user" (id, name, email, email_verified, created_at, updated_at)
         values ($1, $1, $1 || '@example.com', true, now(), now())`,
        [id],
      );
    }
    await client.query(`insert into user_profiles (id, company_name, phone, country) values
      ('typed', ' Typed Ltd ', '555', 'united kingdom'),
      ('coded', 'Coded BV', null, 'nl'),
      ('unknown', null, null, 'Narnia'),
      ('filled', 'Old name', null, 'France')`);
    await client.query(`insert into billing_profiles (user_id, company_name, country, tax_number)
      values ('filled', 'Billing SAS', 'BE', 'BE0123456789')`);

    await migrateAll();

    const { rows } = await client.query<{ user_id: string; company_name: string; country: string }>(
      // Later migrations keep the billing details on the person's personal workspace.
      `select w.created_by as user_id, b.company_name, b.country
         from billing_profiles b join workspaces w on w.id = b.workspace_id order by 1`,
    );
    expect(rows).toEqual([
      { user_id: 'coded', company_name: 'Coded BV', country: 'NL' },
      { user_id: 'filled', company_name: 'Billing SAS', country: 'BE' },
      { user_id: 'typed', company_name: 'Typed Ltd', country: 'GB' },
      { user_id: 'unknown', company_name: '', country: '' },
    ]);
    const columns = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'user_profiles' order by 1`,
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain('country');
    expect(columns.rows.map((c) => c.column_name)).not.toContain('company_name');
    // The phone stays on the profile.
    expect((await client.query(`select phone from user_profiles where id = 'typed'`)).rows).toEqual([
      { phone: '555' },
    ]);

    // A payment recorded now copies the buyer from the billing details alone.
    await client.query(`insert into orders (user_id, plan_id, quantity, total_cents, status, payment_method, provider)
      values ('typed', 'basic', 1, 50000, 'paid', 'card', 'sandbox')`);
    await client.query(`insert into payments (order_id, user_id, amount_cents, status, method, provider)
      select id, 'typed', 50000, 'completed', 'sandbox', 'sandbox' from orders where user_id = 'typed'`);
    const snapshot = await client.query<{ buyer: Record<string, string> }>(
      `select buyer_snapshot as buyer from payments where user_id = 'typed'`,
    );
    expect(snapshot.rows[0]?.buyer).toMatchObject({ companyName: 'Typed Ltd', country: 'GB' });
  }, 90_000);
});
