import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SiteInfo } from '../../../domain/site';
import type { WorkspaceRole } from '../../../domain/workspaces/roles';
import { createQueryClient } from '../../lib/query-client';
import { SESSION_QUERY_KEY, type SessionState } from '../../lib/session';
import { SiteProvider } from '../../lib/site';
import type { PagedSelection } from '../../lib/use-paged-selection';
import type { ActivePanel } from '../api/dashboard-api';
import { ActivePanelCards } from './active-panel-cards';
import { ActivePanelsTable } from './active-panels-table';
import type { PanelViewProps } from './panel-views';

const site = {
  brandName: 'MailDesk',
  social: {},
  demo: null,
  replacementsPerPeriod: 1,
} as unknown as SiteInfo;

const panel = (id: number, email: string): ActivePanel => ({
  id,
  orderId: 5,
  email,
  purchaseDate: '2026-03-01T12:00:00.000Z',
  status: 'active',
  domains: 1,
  currentMailboxes: 10,
  maxMailboxes: 50,
  replacementsUsed: 0,
  cancelAtPeriodEnd: false,
  renewsAt: '2026-04-01T12:00:00.000Z',
  endsAt: null,
  resumable: false,
});

const selection: PagedSelection<ActivePanel> = {
  count: 0,
  rows: () => [],
  has: () => false,
  toggle: () => {},
  pageState: 'none',
  togglePage: () => {},
  clear: () => {},
};

const view: PanelViewProps = {
  panels: [panel(1, 'one@example.com'), panel(2, 'two@example.com')],
  selection,
  passwords: { passwordOf: () => undefined, isLoading: () => false, toggle: () => {}, canReveal: false },
  openRequests: new Map(),
  onAsk: () => {},
  now: new Date('2026-03-03T12:00:00.000Z'),
};

/** The markup of `list` for a member of a workspace with `role`, as the session reads it. */
function asRole(role: WorkspaceRole, list: ReactNode): string {
  const client = createQueryClient();
  client.setQueryData<SessionState>(SESSION_QUERY_KEY, {
    user: { id: 'u1', email: 'member@example.com' } as unknown as SessionState['user'],
    workspace: { id: 'w1', name: 'Team', role, personal: false },
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SiteProvider value={site}>{list}</SiteProvider>
    </QueryClientProvider>,
  );
}

const checkboxes = (html: string) => html.match(/type="checkbox"/g)?.length ?? 0;

describe('the selection checkboxes of the active panels', () => {
  it('are not offered to a viewer, who may neither cancel, resume nor export panels', () => {
    for (const list of [
      <ActivePanelsTable key="table" {...view} />,
      <ActivePanelCards key="cards" {...view} />,
    ]) {
      const html = asRole('viewer', list);
      expect(html).toContain('Renews Apr 1, 2026');
      expect(checkboxes(html)).toBe(0);
      expect(html).not.toContain('Select all panels on this page');
    }
  });

  it('are offered, one a panel and one for the page, to the roles that export or cancel', () => {
    for (const role of ['operator', 'billing', 'owner'] as const) {
      for (const list of [
        <ActivePanelsTable key="table" {...view} />,
        <ActivePanelCards key="cards" {...view} />,
      ]) {
        const html = asRole(role, list);
        expect(checkboxes(html)).toBe(3);
        expect(html).toContain('Select all panels on this page');
        expect(html).toContain('aria-label="Select two@example.com"');
      }
    }
  });
});
