import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { panels } from '../../db/schema';
import { adminKitForSuite, insertPaidOrder, insertPanels, orderStatus } from '../../testing/admin-kit';
import { auditEntries } from '../../testing/audit';

const kit = adminKitForSuite();
let existingId: number;
beforeAll(async () => {
  const [id] = await insertPanels(kit, [{ email: 'taken@stock.example', status: 'sold' }]);
  existingId = id!;
});

const upload = (csv: string | Buffer, contentType = 'text/csv') =>
  kit.admin.request({
    method: 'POST',
    url: '/api/admin/panels/import',
    headers: { 'content-type': contentType },
    payload: csv,
  });

async function panelCount() {
  const [row] = await kit.db.select({ n: count() }).from(panels);
  return row?.n ?? 0;
}

describe('POST /api/admin/panels/import', () => {
  it('accepts the good rows together and reports every rejected one with its line and reason', async () => {
    const csv = [
      'email,password,domains,max_mailboxes',
      'one@new.example,"comma, and ""quotes""",,',
      'two@new.example,plain,800,1500',
      'ONE@new.example,again,,',
      'Taken@Stock.example,x,,',
      'broken-at-example.com,x,,',
      '"three@new.example","multi',
      'line",,',
      'four@new.example,,,',
      'five@new.example,p5,99999,',
      '"six@new.example","ok ""6""",1,1',
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      accepted: 3,
      rejected: [
        { line: 4, email: 'ONE@new.example', reason: 'Duplicate e-mail: also on line 2.' },
        {
          line: 5,
          email: 'Taken@Stock.example',
          reason: `Duplicate e-mail: already in stock (panel #${existingId}).`,
        },
        { line: 6, email: 'broken-at-example.com', reason: 'Not a valid e-mail address.' },
        {
          line: 7,
          email: 'three@new.example',
          reason: 'Password contains a line break or another control character.',
        },
        { line: 9, email: 'four@new.example', reason: 'Missing password.' },
        { line: 10, email: 'five@new.example', reason: 'domains must be a whole number from 1 to 10,000.' },
      ],
      filledOrders: [],
    });

    const rows = await kit.db.select().from(panels).where(eq(panels.status, 'available')).orderBy(panels.id);
    expect(rows.map((r) => [r.email, kit.cipher.decrypt(r.password), r.domains, r.maxMailboxes])).toEqual([
      ['one@new.example', 'comma, and "quotes"', 699, 2000],
      ['two@new.example', 'plain', 800, 1500],
      ['six@new.example', 'ok "6"', 1, 1],
    ]);
    const entry = (await auditEntries(kit.db, 'inventory.imported')).at(-1);
    expect(entry?.details).toEqual({ accepted: 3, rejected: 6, rows: 9 });
    expect(JSON.stringify(entry)).not.toContain('quotes');
  });

  it('refuses a file that is not CSV, or has no header, importing nothing', async () => {
    const before = await panelCount();
    const binary = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00, 0xff, 0xfe]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().error).toEqual({
      code: 'invalid_csv',
      message: 'This is not a CSV text file. Save the sheet as "CSV UTF-8" and upload that.',
    });
    const headerless = await upload('seven@new.example,pw\neight@new.example,pw\n');
    expect(headerless.statusCode).toBe(400);
    expect(headerless.json().error.message).toContain('This file has no header.');
    const unclosed = await upload('email,password\nnine@new.example,"pw\nten@new.example,pw\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().error.message).toContain('a quoted field is never closed');
    const json = await upload('{"csv": "email,password"}', 'application/json');
    expect(json.statusCode).toBe(400);
    expect(await panelCount()).toBe(before);
  });

  it('refuses a file over 5 MB with a clear message', async () => {
    const big = `email,password\n${'x'.repeat(5 * 1024 * 1024)}`;
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The file is larger than 5 MB; split it and import the parts.');
  });

  it('fills a waiting order from the imported stock, oldest first, and e-mails its customer (D7)', async () => {
    const { order: hungry } = await insertPaidOrder(kit, {
      quantity: 3,
      paidAt: new Date(Date.now() - 3_600_000),
    });
    const { order: older, customer } = await insertPaidOrder(kit, {
      quantity: 2,
      paidAt: new Date(Date.now() - 7_200_000),
    });
    // The two orders need 5 and the first import left 3 in stock: 2 short.
    const stats = (await kit.admin.get('/api/admin/fulfillment')).json();
    expect(stats).toMatchObject({ waitingOrders: 2, panelsNeeded: 5, panelsShort: 2 });

    const res = await upload('email,password\nfill1@new.example,a\nfill2@new.example,b\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accepted).toBe(2);
    expect(await orderStatus(kit.db, older.id)).toBe('completed');
    expect(await orderStatus(kit.db, hungry.id)).toBe('completed');
    // The older payment was served first, from the oldest stock.
    const olderPanels = await kit.db
      .select({ email: panels.email })
      .from(panels)
      .where(eq(panels.orderId, older.id))
      .orderBy(panels.id);
    expect(olderPanels.map((p) => p.email)).toEqual(['one@new.example', 'two@new.example']);
    await kit.t.drainOutbox();
    expect(kit.t.mailer.lastTo(customer.email)?.subject).toBe('Your 2 admin panels are ready');
    expect((await kit.admin.get('/api/admin/fulfillment')).json()).toMatchObject({
      entries: [],
      waitingOrders: 0,
      warning: null,
    });
  });
});
