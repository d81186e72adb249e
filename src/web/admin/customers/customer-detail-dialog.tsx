import { useQuery } from '@tanstack/react-query';
import { countryName } from '../../../domain/countries';
import { formatCents, plural } from '../../../domain/format';
import { inventoryBadge, orderBadge } from '../../../domain/status';
import { ROLE_TEXTS } from '../../../domain/workspaces/roles';
import { formatDate } from '../../lib/dates';
import { Dialog } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import { type CustomerDetail, customerDetailQuery } from '../api/customers-api';
import { ViewOrderButton } from '../orders/orders-table';
import { DetailList, DetailLoadError, DetailRow, DetailSection, Facts } from '../shared/detail-parts';
import { planName, userLabel } from '../shared/labels';
import { RoleBadge } from './role-badge';
import { RoleChange } from './role-change';

const muted = 'text-slate-500 dark:text-slate-400';

/** The members the server listed, with their role, and how many it left out. */
export function membersLine(workspace: CustomerDetail['workspaces'][number]): string {
  const listed = workspace.members.map((m) => `${m.email} (${ROLE_TEXTS[m.role].label})`).join(', ');
  const more = workspace.memberCount - workspace.members.length;
  return more > 0 ? `${listed} and ${plural(more, 'more member')}` : listed;
}

function Profile({ detail }: { detail: CustomerDetail }) {
  const c = detail.customer;
  return (
    <Facts
      items={[
        { label: 'Email', value: <span className="break-words">{c.email}</span> },
        { label: 'Role', value: <RoleBadge role={c.role} /> },
        { label: 'User', value: <span className="font-mono text-xs break-words">{userLabel(c.id)}</span> },
        { label: 'Member since', value: formatDate(c.createdAt) },
        { label: 'Company', value: c.companyName || '—' },
        { label: 'Phone', value: c.phone || '—' },
        { label: 'Country', value: c.country ? countryName(c.country) : '—' },
        {
          label: 'Security',
          value: `${c.emailVerified ? 'Email verified' : 'Email not verified'} · ${c.twoFactorEnabled ? '2FA on' : '2FA off'}`,
        },
        { label: 'Orders', value: c.orderCount },
        { label: 'Active panels', value: c.panelCount },
        { label: 'Total spent', value: formatCents(c.totalSpentCents) },
      ]}
    />
  );
}

function Body({ customerId, onOpenOrder }: { customerId: string; onOpenOrder: (id: number) => void }) {
  const query = useQuery(customerDetailQuery(customerId));
  const detail = query.data;
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the customer" className="space-y-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (!detail) return <DetailLoadError title="Failed to load the customer" query={query} />;
  return (
    <div className="space-y-6">
      <Profile detail={detail} />
      <DetailSection title={`Orders (${detail.orders.length})`}>
        <DetailList label="Orders of this customer" empty={detail.orders.length === 0 && 'No orders yet.'}>
          {detail.orders.map((o) => (
            <DetailRow key={o.id}>
              <span className="min-w-0">
                <span className="font-medium text-slate-900 dark:text-white">#{o.id}</span>{' '}
                <span className={muted}>
                  {planName(o.planId)} · {o.delivered} of {plural(o.quantity, 'panel')} ·{' '}
                  {formatCents(o.totalCents)} · {formatDate(o.createdAt)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <StatusBadge badge={orderBadge(o.status)} />
                <ViewOrderButton orderId={o.id} onOpen={onOpenOrder} />
              </span>
            </DetailRow>
          ))}
        </DetailList>
      </DetailSection>
      <DetailSection title={`Panels (${detail.panels.length})`}>
        <DetailList label="Panels of this customer" empty={detail.panels.length === 0 && 'No panels.'}>
          {detail.panels.map((p) => (
            <DetailRow key={p.id}>
              <span className="min-w-0 break-words text-slate-800 dark:text-slate-200">
                <span className={muted}>#{p.id}</span> {p.email}
                {p.orderId !== null && <span className={muted}> · order #{p.orderId}</span>}
              </span>
              <StatusBadge badge={inventoryBadge(p.status)} />
            </DetailRow>
          ))}
        </DetailList>
      </DetailSection>
      <DetailSection title={`Workspaces (${detail.workspaces.length})`}>
        <DetailList
          label="Workspaces of this customer"
          empty={detail.workspaces.length === 0 && 'In no workspace.'}
        >
          {detail.workspaces.map((w) => (
            <DetailRow key={w.id}>
              <span className="min-w-0">
                <span className="font-medium text-slate-900 dark:text-white">{w.name}</span>{' '}
                <span className={muted}>
                  {w.personal ? 'personal · ' : ''}
                  {ROLE_TEXTS[w.role].label} here · {plural(w.memberCount, 'member')}
                </span>
                <span className={`block break-words text-xs ${muted}`}>{membersLine(w)}</span>
              </span>
            </DetailRow>
          ))}
        </DetailList>
      </DetailSection>
      <div className="flex justify-end border-t border-slate-200 pt-4 dark:border-slate-800">
        <RoleChange customer={detail.customer} />
      </div>
    </div>
  );
}

/** One account with its orders, panels and workspaces, and the role switch (D11). */
export function CustomerDetailDialog({
  customerId,
  onClose,
  onOpenOrder,
}: {
  customerId: string | null;
  onClose: () => void;
  onOpenOrder: (id: number) => void;
}) {
  const { data } = useQuery({ ...customerDetailQuery(customerId ?? ''), enabled: customerId !== null });
  return (
    <Dialog
      open={customerId !== null}
      onClose={onClose}
      title={data && customerId !== null ? data.customer.name : 'Customer'}
      className="sm:max-w-3xl"
    >
      {customerId !== null && <Body customerId={customerId} onOpenOrder={onOpenOrder} />}
    </Dialog>
  );
}
