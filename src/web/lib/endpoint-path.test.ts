import { describe, expect, expectTypeOf, it } from 'vitest';
import { adminCreditNotesApi, adminOrdersApi, adminPanelsApi } from '../../domain/api/admin/endpoints';
import { ordersApi, webhooksApi } from '../../domain/api/endpoints';
import { fillPath, pathOf, queryString } from './endpoint-path';

describe('pathOf()', () => {
  it('fills every :segment from the declaration, percent-encoded', () => {
    expect(pathOf(webhooksApi.resend, { params: { endpointId: 3, deliveryId: 41 } })).toBe(
      '/api/me/webhooks/3/deliveries/41/resend',
    );
    expect(pathOf(ordersApi.paymentStatusOfSession, { params: { sessionId: 'cs/1 ?x=#y' } })).toBe(
      '/api/payments/by-session/cs%2F1%20%3Fx%3D%23y',
    );
    expect(pathOf(adminCreditNotesApi.pdf, { params: { creditNoteId: 9 } })).toBe(
      '/api/admin/credit-notes/9/pdf',
    );
  });

  it('serialises the query in the order given, leaving out unset and empty values', () => {
    expect(pathOf(adminPanelsApi.export, { query: { search: '', status: undefined } })).toBe(
      '/api/admin/panels/export',
    );
    expect(pathOf(adminPanelsApi.export)).toBe('/api/admin/panels/export');
    expect(
      pathOf(adminOrdersApi.page, { query: { search: 'a+b@x.example & co', status: 'paid', page: 2 } }),
    ).toBe('/api/admin/orders?search=a%2Bb%40x.example+%26+co&status=paid&page=2');
  });

  it('refuses a path with a hole rather than reach another route', () => {
    expect(() => fillPath('/api/admin/orders/:id', {})).toThrow(':id');
    expect(() => fillPath('/api/admin/orders/:id', { id: '' })).toThrow(':id');
  });

  it('repeats a key for each value of a list', () => {
    expect(queryString({ id: [1, 2], q: null })).toBe('?id=1&id=2');
    expect(queryString({})).toBe('');
  });

  it('types params and query from the declaration', () => {
    expectTypeOf(pathOf<typeof webhooksApi.remove>)
      .parameter(1)
      .toMatchTypeOf<{
        params: { endpointId: string | number | boolean };
      }>();
    // @ts-expect-error: a path with :endpointId cannot be made without it
    expect(() => pathOf(webhooksApi.remove)).toThrow();
    // @ts-expect-error: the orders list has no "colour" filter
    pathOf(adminOrdersApi.page, { query: { colour: 'red' } });
    // @ts-expect-error: status is one of the order statuses
    pathOf(adminOrdersApi.page, { query: { status: 'lost' } });
  });
});
