import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * An order's status and its subscription's status (both columns of `orders`: a subscription
 * has no table of its own) are written by the lifecycle module alone (lifecycle/,
 * docs/decisions/0014-order-lifecycle.md), which checks every move against the table in
 * src/domain/order-lifecycle.ts. This test reads the server's source and fails on any other
 * write, in the forms the code base uses:
 * - drizzle: `.update(orders).set({...})` whose object names `status` or
 *   `subscriptionStatus`, or is not a plain object (a spread or a variable could carry either);
 *   the same for an upsert's `onConflictDoUpdate({ set })` on orders;
 * - raw SQL: `update orders [alias] set ...` (or `update ${orders}`) whose set list names a
 *   status column;
 * - an insert into orders that starts an order anywhere but pending payment, inactive.
 *
 * Allowed: the lifecycle module itself; test code (tests and testing/), which
 * puts fixture rows in the state a test needs: placing a row is not a move, and nothing in
 * production runs it. The demo seed needs no exception: it inserts pending orders and pays
 * them through the confirmation path like a real purchase.
 */

const serverRoot = dirname(fileURLToPath(import.meta.url));
const LIFECYCLE = 'lifecycle/';

function isTestCode(path: string): boolean {
  return path.endsWith('.test.ts') || path.startsWith('testing/');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The text inside the parentheses that open at `open` (which holds '('). */
function balanced(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0) return source.slice(open + 1, i);
    }
  }
  return source.slice(open + 1);
}

const STATUS_KEY = /(?:^|[{,\s])(status|subscriptionStatus)\s*(?::|,|\}|$)/m;

/** Why an object literal given to `.set(...)` may write a status, or null when it cannot. */
function setWritesStatus(argument: string): string | null {
  const body = argument.trim();
  if (!body.startsWith('{')) return `sets from '${body.slice(0, 40)}', which may hold a status`;
  if (body.includes('...')) return 'spreads into the set, which may hold a status';
  const key = STATUS_KEY.exec(body.slice(1, -1));
  return key ? `sets ${key[1]}` : null;
}

const ORDERS_TABLE = String.raw`(?:schema\.)?orders`;
const DRIZZLE_UPDATE = new RegExp(String.raw`\.update\(\s*${ORDERS_TABLE}\s*\)`, 'g');
const DRIZZLE_UPSERT = new RegExp(String.raw`\.insert\(\s*${ORDERS_TABLE}\s*\)`, 'g');
const RAW_UPDATE =
  /\bupdate\s+(?:"?orders"?|\$\{\s*(?:schema\.)?orders\s*\})(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\b([\s\S]*?)(?:\bwhere\b|\breturning\b|\bfrom\b|`|;)/gi;
const RAW_STATUS =
  /\bstatus\b|\bsubscription_status\b|orders\.(?:status|subscriptionStatus)\b|\bsubscriptionStatus\b/;
const INITIAL: Record<string, string> = { status: 'pending_payment', subscriptionStatus: 'inactive' };

/** Every status write in one file's source, as 'line: what'. */
function statusWrites(source: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  for (const match of source.matchAll(DRIZZLE_UPDATE)) {
    const after = match.index + match[0].length;
    // The chain up to the statement's end: the `.set(` that belongs to this update.
    const rest = source.slice(after);
    const set = /^\s*\.set\(/.exec(rest);
    if (!set) {
      found.push(`${lineOf(match.index)}: an update of orders whose set could not be read`);
      continue;
    }
    const why = setWritesStatus(balanced(rest, set[0].length - 1));
    if (why) found.push(`${lineOf(match.index)}: update(orders) ${why}`);
  }
  for (const match of source.matchAll(DRIZZLE_UPSERT)) {
    const after = match.index + match[0].length;
    const rest = source.slice(after);
    const values = /^\s*\.values\(/.exec(rest);
    if (values) {
      const inserted = balanced(rest, values[0].length - 1);
      for (const key of inserted.matchAll(/\b(status|subscriptionStatus)\s*:\s*([^,}\n]+)/g)) {
        const value = key[2]?.trim().replace(/\s+as\s+const$/, '');
        if (value !== `'${INITIAL[key[1] ?? '']}'`) {
          found.push(`${lineOf(match.index)}: insert(orders) starts ${key[1]} at ${value}`);
        }
      }
    }
    const end = rest.search(/;\s*$|;\n/m);
    const statement = end === -1 ? rest : rest.slice(0, end);
    const upsert = /\.onConflictDoUpdate\(/.exec(statement);
    if (upsert) {
      const options = balanced(statement, upsert.index + upsert[0].length - 1);
      const set = /\bset\s*:\s*/.exec(options);
      const why = set ? setWritesStatus(options.slice(set.index + set[0].length)) : null;
      if (why) found.push(`${lineOf(match.index)}: upsert into orders ${why}`);
    }
  }
  for (const match of source.matchAll(RAW_UPDATE)) {
    if (RAW_STATUS.test(match[1] ?? '')) found.push(`${lineOf(match.index)}: raw update of an orders status`);
  }
  return found;
}

/*
 * A panel's billing within its order (its cancel flag and its end, docs/decisions/0017) is the
 * lifecycle module's too (lifecycle/panel-moves.ts): the same rule for `.update(panels)` and
 * `update admin_panel_inventory`, and an insert of panels may not start one canceled or ended.
 */
const PANELS_TABLE = String.raw`(?:schema\.)?panels`;
const PANEL_UPDATE = new RegExp(String.raw`\.update\(\s*${PANELS_TABLE}\s*\)`, 'g');
const PANEL_INSERT = new RegExp(String.raw`\.insert\(\s*${PANELS_TABLE}\s*\)`, 'g');
const PANEL_KEY = /(?:^|[{,\s])(cancelAtPeriodEnd|endedAt)\s*(?::|,|\}|$)/m;
const RAW_PANEL_UPDATE =
  /\bupdate\s+(?:"?admin_panel_inventory"?|\$\{\s*(?:schema\.)?panels\s*\})(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\b([\s\S]*?)(?:\bwhere\b|\breturning\b|\bfrom\b|`|;)/gi;
const RAW_PANEL_FIELD = /\bcancel_at_period_end\b|\bended_at\b|panels\.(?:cancelAtPeriodEnd|endedAt)\b/;

/** Every write of a panel's billing fields in one file's source, as 'line: what'. */
function panelBillingWrites(source: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  for (const match of source.matchAll(PANEL_UPDATE)) {
    const rest = source.slice(match.index + match[0].length);
    const set = /^\s*\.set\(/.exec(rest);
    if (!set) continue;
    const body = balanced(rest, set[0].length - 1).trim();
    if (!body.startsWith('{') || body.includes('...')) {
      found.push(`${lineOf(match.index)}: update(panels) sets what it cannot name`);
      continue;
    }
    const key = PANEL_KEY.exec(body.slice(1, -1));
    if (key) found.push(`${lineOf(match.index)}: update(panels) sets ${key[1]}`);
  }
  for (const match of source.matchAll(PANEL_INSERT)) {
    const rest = source.slice(match.index + match[0].length);
    const values = /^\s*\.values\(/.exec(rest);
    if (!values) continue;
    const key = PANEL_KEY.exec(balanced(rest, values[0].length - 1));
    if (key) found.push(`${lineOf(match.index)}: insert(panels) starts ${key[1]}`);
  }
  for (const match of source.matchAll(RAW_PANEL_UPDATE)) {
    if (RAW_PANEL_FIELD.test(match[1] ?? ''))
      found.push(`${lineOf(match.index)}: raw update of a panel's billing`);
  }
  return found;
}

/** The writes `find` sees in the server's production files, inside the lifecycle module or outside it. */
function writesIn(where: 'lifecycle' | 'elsewhere', find: (source: string) => string[]): string[] {
  return sourceFiles(serverRoot)
    .map((path) => ({ file: relative(serverRoot, path), source: readFileSync(path, 'utf8') }))
    .filter(({ file }) => file.startsWith(LIFECYCLE) === (where === 'lifecycle') && !isTestCode(file))
    .flatMap(({ file, source }) => find(source).map((w) => `${file}:${w}`));
}

// Guards the reader as well: a pattern that matched nothing would pass the first check.
describe.each([
  { fields: "panels' billing fields", find: panelBillingWrites, writers: ['lifecycle/panel-moves.ts:'] },
  {
    fields: 'order and subscription statuses',
    find: statusWrites,
    writers: ['lifecycle/move.ts:', 'lifecycle/order-moves.ts:'],
  },
])('$fields', ({ find, writers }) => {
  it('are written by the lifecycle module alone', () => {
    expect(writesIn('elsewhere', find)).toEqual([]);
  });

  it('sees the writes the lifecycle module makes', () => {
    const inLifecycle = writesIn('lifecycle', find);
    for (const writer of writers) expect(inLifecycle.some((w) => w.startsWith(writer))).toBe(true);
  });
});

describe("panels' billing fields", () => {
  it('sees each form a write takes', () => {
    const caught = (source: string) => panelBillingWrites(source).length;
    expect(caught(`await tx.update(panels).set({ cancelAtPeriodEnd: true, updatedAt: now })`)).toBe(1);
    expect(caught(`await tx.update(panels).set({ ...fields, updatedAt: now })`)).toBe(1);
    expect(
      caught('await tx.execute(sql`update admin_panel_inventory p set ended_at = now() where true`)'),
    ).toBe(1);
    expect(caught(`await tx.insert(panels).values({ email, cancelAtPeriodEnd: true })`)).toBe(1);
    expect(caught(`await tx.update(panels).set({ status: 'retired', updatedAt: now })`)).toBe(0);
    expect(
      caught("await tx.execute(sql`update admin_panel_inventory set status = 'sold' where id = 1`)"),
    ).toBe(0);
  });
});

describe('order and subscription statuses', () => {
  it('catches each form a status write takes', () => {
    const caught = (source: string) => statusWrites(source).length;
    expect(caught(`await tx.update(orders).set({ status: 'canceled', canceledAt: now })`)).toBe(1);
    expect(
      caught(`await tx
        .update(orders)
        .set({
          cancelAtPeriodEnd: false,
          subscriptionStatus: 'expired',
        })
        .where(eq(orders.id, id));`),
    ).toBe(1);
    expect(caught(`await tx.update(orders).set({ updatedAt: now, status })`)).toBe(1);
    expect(caught(`await tx.update(orders).set({ ...changes, updatedAt: now })`)).toBe(1);
    expect(caught(`await tx.update(schema.orders).set(changes)`)).toBe(1);
    expect(caught("await tx.execute(sql`update orders set status = 'completed' where id = 1`)")).toBe(1);
    expect(
      caught("await tx.execute(sql`UPDATE orders o SET subscription_status = 'expired' WHERE o.id = 1`)"),
    ).toBe(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's source, read as text
    expect(caught('await tx.execute(sql`update ${orders} set ${orders.status} = ${to} where true`)')).toBe(1);
    expect(caught(`await client.query('update "orders" set status = $1 where id = $2', [s, id])`)).toBe(1);
    expect(
      caught(
        `await tx.insert(orders).values(row).onConflictDoUpdate({ target: orders.id, set: { status: 'paid' } });`,
      ),
    ).toBe(1);
    expect(caught(`await tx.insert(orders).values({ userId, status: 'paid', quantity: 1 })`)).toBe(1);
  });

  it('lets other writes to orders be', () => {
    const caught = (source: string) => statusWrites(source).length;
    expect(
      caught(`await tx.update(orders).set({ lateApologyAt: now }).where(inArray(orders.id, ids));`),
    ).toBe(0);
    expect(caught(`await tx.update(payments).set({ status: 'refunded', updatedAt: now })`)).toBe(0);
    expect(caught("await tx.execute(sql`update admin_panel_inventory p set status = 'sold'`)")).toBe(0);
    expect(caught(`await tx.insert(orders).values({ userId, status: 'pending_payment', quantity: 1 })`)).toBe(
      0,
    );
    expect(caught(`// updates orders set their status through the lifecycle`)).toBe(0);
  });
});
