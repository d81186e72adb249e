import { useState } from 'react';
import { formatCents } from '../../../domain/format';
import { formatDate } from '../../lib/dates';
import { useChoice } from '../../lib/use-choice';
import { usePagedList } from '../../lib/use-paged-list';
import { useSearchInput } from '../../lib/use-search-input';
import { buttonClasses } from '../../ui/button';
import { buttonsColumn, numberColumn } from '../../ui/column-kinds';
import type { ListTexts } from '../../ui/list-body';
import { pagerOf } from '../../ui/list-pager';
import { SearchBox } from '../../ui/search-box';
import { type FilterOption, SelectFilter } from '../../ui/select-filter';
import { TableCard } from '../../ui/table-card';
import { type AdminCustomer, customersQuery, type Role } from '../api/customers-api';
import { FilterBar } from '../shared/filter-bar';
import { QueryColumnList } from '../shared/query-column-list';
import { CustomerDetailDialog } from './customer-detail-dialog';
import { RoleBadge } from './role-badge';

const TEXTS: ListTexts = {
  loading: 'Loading customers',
  failure: 'Failed to load customers',
  empty: 'No accounts yet.',
  noMatch: 'No accounts match these filters.',
};

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
  const role = useChoice<Role | ''>('');
  const filter = { search: search.term, role: role.value || undefined };
  const paged = usePagedList(filter, customersQuery, 'admin-customers-load', TEXTS);
  const { query, items } = paged;
  const [open, setOpen] = useState<string | null>(null);

  return (
    <>
      <TableCard
        title="Customers"
        description="Every account, newest first, with its orders, active panels and total spent."
        toolbar={
          <FilterBar>
            <SearchBox
              search={search}
              label="Search customers by email or name"
              placeholder="Email or name"
            />
            <SelectFilter choice={role} options={ROLE_OPTIONS} label="Filter by role" className="sm:w-40" />
          </FilterBar>
        }
        footer={pagerOf('Customers', paged)}
      >
        <QueryColumnList
          query={query}
          texts={TEXTS}
          filtered={Boolean(filter.search || filter.role)}
          label="Customers"
          minWidth="min-w-[48rem]"
          rows={items}
          columns={[
            {
              header: 'Customer',
              className: 'max-w-72',
              cell: (c) => (
                <>
                  <div className="font-medium text-slate-900 dark:text-white">{c.name}</div>
                  <div className="text-xs break-words text-slate-600 dark:text-slate-400">{c.email}</div>
                </>
              ),
            },
            { header: 'Role', cell: (c) => <RoleBadge role={c.role} /> },
            { ...numberColumn('Orders'), cell: (c) => c.orderCount },
            { ...numberColumn('Panels'), cell: (c) => c.panelCount },
            { ...numberColumn('Spent'), cell: (c) => formatCents(c.totalSpentCents) },
            { header: 'Joined', className: 'whitespace-nowrap', cell: (c) => formatDate(c.createdAt) },
            { ...buttonsColumn('Details'), cell: (c) => <ViewButton customer={c} onOpen={setOpen} /> },
          ]}
          card={(c) => ({
            title: (
              <>
                {c.name}
                <div className="text-xs font-normal break-words text-slate-600 dark:text-slate-400">
                  {c.email}
                </div>
              </>
            ),
            badge: <RoleBadge role={c.role} />,
            fields: [
              { label: 'Orders', value: c.orderCount },
              { label: 'Panels', value: c.panelCount },
              { label: 'Spent', value: formatCents(c.totalSpentCents) },
              { label: 'Joined', value: formatDate(c.createdAt) },
            ],
            actions: <ViewButton customer={c} onOpen={setOpen} />,
          })}
        />
      </TableCard>
      <CustomerDetailDialog customerId={open} onClose={() => setOpen(null)} onOpenOrder={onOpenOrder} />
    </>
  );
}
