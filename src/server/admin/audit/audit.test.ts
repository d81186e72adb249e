import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { adminGet, adminKitForSuite, insertPanels } from '../../testing/admin-kit';
import { AUDIT_PAGE_SIZE } from './service';

const kit = adminKitForSuite();
let panelIds: number[];
beforeAll(async () => {
  panelIds = await insertPanels(kit, [{ email: 'audited@x.example' }, { email: 'other@x.example' }]);
  // Some history by an admin through the API, and older entries by someone else.
  await kit.admin.post('/api/admin/panels/reveal', { ids: panelIds });
  await kit.admin.post('/api/admin/panels', { email: 'added@x.example', password: 'pw' });
  await kit.db.insert(auditLog).values(
    Array.from({ length: 25 }, (_, i) => ({
      actorId: 'someone',
      actorEmail: 'someone@else.example',
      action: 'order.marked_paid',
      targetType: 'order',
      targetId: String(1000 + i),
      details: { amountCents: 50_000 + i },
      ip: '10.0.0.9',
    })),
  );
});

const audit = (query = '') => adminGet(kit, `/api/admin/audit${query}`);

describe('GET /api/admin/audit', () => {
  it('pages the log 20 at a time, newest first, sign-ins included', async () => {
    const first = await audit();
    expect(first.pageSize).toBe(AUDIT_PAGE_SIZE);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ action: 'order.marked_paid', targetId: '1024' });
    const actions = new Set(
      (await audit(`?page=${first.pageCount}`)).items.map((a: { action: string }) => a.action),
    );
    expect(actions.has('auth.sign_in')).toBe(true);
  });

  it('filters by action or action family, by actor and by text', async () => {
    const reveals = await audit('?action=panels.revealed');
    expect(reveals.total).toBe(1);
    expect(reveals.items[0]).toMatchObject({
      actor: { id: kit.adminUser.id, email: 'boss@example.com' },
      details: { ids: panelIds, scope: 'selection' },
    });
    expect(reveals.items[0].ip).toBeTruthy();
    expect((await audit('?action=inventory')).total).toBe(1);
    expect((await audit('?action=order')).total).toBe(25);
    expect((await audit('?action=orde')).total).toBe(0);
    expect((await audit('?actor=else.example')).total).toBe(25);
    expect((await audit(`?actor=${kit.adminUser.id}&action=auth.sign_in`)).total).toBe(1);
    expect((await audit('?q=1007')).items.map((a: { targetId: string }) => a.targetId)).toEqual(['1007']);
    expect((await audit('?q=50012')).total).toBe(1);
    expect((await audit('?q=added@x.example')).items[0].action).toBe('inventory.added');
  });
});
