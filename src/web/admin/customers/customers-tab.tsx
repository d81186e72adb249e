import { useState } from 'react';
import { formatCents } from '../../../domain/format';
import { formatDate } from '../../lib/dates';
import { useLoadFailureToast } from '../../lib/use-load-failure-toast';
import { usePagedQuery } from '../../lib/use-paged-query';
import { useSearchInput } from '../../lib/use-search-input';
import { buttonClasses } from '../../ui/button';
import { Cell, DataTable, HeadCell, rowClasses } from '../../ui/data-table';
import { ListBody } from '../../ui/list-body';
import { listPager } from '../../ui/list-pager';
import { SearchBox } from '../../ui/search-box';
import { type FilterOption, SelectFilter } from '../../ui/select-filter';
import { TableCard } from '../../ui/table-card';
import { type AdminCustomer, customersQuery, type Role } from '../api/customers-api';
import { FilterBar } from '../shared/filter-bar';
import { MobileCard, MobileCards } from '../shared/mobile-cards';
import { CustomerDetailDialog } from './customer-detail-dialog';
import { RoleBadge } from './role-badge';

const LOAD_FAILED = 'Failed to load customers';

const ROLE_OPTIONS: readonly FilterOption<Role>[] = [
  { value: '', label: 'All roles' },
  { value: 'user', label: 'Customers' },
  { value: 'admin', label: 'Admins' },
];

function ViewButton({ customer, onOpen }: { customer: AdminCustomer; onOpen: (id: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(customer.id)}
      aria-label={`View ${customer.email}`}
      className={buttonClasses({ variant: 'outline', size: 'sm' })}
    >
      View
    </button>
  );
}

/** Customers (D11): search, each one's orders, panels and spending; a detail view with roles. */
export function CustomersTab({ onOpenOrder }: { onOpenOrder: (id: number) => void }) {
  const search = useSearchInput();
  const [role, setRole] = useState<Role | ''>('');
  const filter = { search: search.term, role: role || undefined };
  const { page, setPage, query } = usePagedQuery(filter, customersQuery);
  const [open, setOpen] = useState<string | null>(null);
  const { data } = query;
  const items = data?.items ?? [];
  useLoadFailureToast(query.isError, query.errorUpdatedAt, 'admin-customers-load', LOAD_FAILED);

  return (
    <>
      <TableCard
        title="Customers"
        titleId="customers-title"
        description="Every account, newest first, with its orders, active panels and total spent."
        toolbar={
          <FilterBar>
            <SearchBox
              id="admin-customers-search"
              value={search.input}
              onChange={search.setInput}
              label="Search customers by email or name"
              placeholder="Email or name"
              tooShort={search.tooShort}
            />
            <SelectFilter
              value={role}
              onChange={setRole}
              options={ROLE_OPTIONS}
              label="Filter by role"
              className="sm:w-40"
            />
          </FilterBar>
        }
        footer={listPager({ label: 'Customers', data, page, onPage: setPage, busy: query.isPlaceholderData })}
      >
        <ListBody
          query={query}
          empty={items.length === 0}
          emptyText={filter.search || filter.role ? 'No accounts match these filters.' : 'No accounts yet.'}
          label="Loading customers"
          failureTitle={LOAD_FAILED}
        >
          <div className="hidden md:block">
            <DataTable label="Customers" minWidth="min-w-[48rem]">
              <thead>
                <tr>
                  <HeadCell>Customer</HeadCell>
                  <HeadCell>Role</HeadCell>
                  <HeadCell className="text-right">Orders</HeadCell>
                  <HeadCell className="text-right">Panels</HeadCell>
                  <HeadCell className="text-right">Spent</HeadCell>
                  <HeadCell>Joined</HeadCell>
                  <HeadCell>
                    <span className="sr-only">Details</span>
                  </HeadCell>
                </tr>
              </thead>
              <tbody>
                {items.map((c) => (
                  <tr key={c.id} className={rowClasses()}>
                    <Cell className="max-w-72">
                      <div className="font-medium text-slate-900 dark:text-white">{c.name}</div>
                      <div className="text-xs break-words text-slate-600 dark:text-slate-400">{c.email}</div>
                    </Cell>
                    <Cell>
                      <RoleBadge role={c.role} />
                    </Cell>
                    <Cell className="text-right tabular-nums">{c.orderCount}</Cell>
                    <Cell className="text-right tabular-nums">{c.panelCount}</Cell>
                    <Cell className="text-right tabular-nums">{formatCents(c.totalSpentCents)}</Cell>
                    <Cell className="whitespace-nowrap">{formatDate(c.createdAt)}</Cell>
                    <Cell className="text-right">
                      <ViewButton customer={c} onOpen={setOpen} />
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </div>
          <MobileCards label="Customers">
            {items.map((c) => (
              <MobileCard
                key={c.id}
                title={
                  <>
                    {c.name}
                    <div className="text-xs font-normal break-words text-slate-600 dark:text-slate-400">
                      {c.email}
                    </div>
                  </>
                }
                badge={<RoleBadge role={c.role} />}
                fields={[
                  { label: 'Orders', value: c.orderCount },
                  { label: 'Panels', value: c.panelCount },
                  { label: 'Spent', value: formatCents(c.totalSpentCents) },
                  { label: 'Joined', value: formatDate(c.createdAt) },
                ]}
                actions={<ViewButton customer={c} onOpen={setOpen} />}
              />
            ))}
          </MobileCards>
        </ListBody>
      </TableCard>
      <CustomerDetailDialog customerId={open} onClose={() => setOpen(null)} onOpenOrder={onOpenOrder} />
    </>
  );
}
