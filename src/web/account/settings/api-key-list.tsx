import type { ApiKey } from '../../../domain/api/api-keys';
import { formatDate } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import type { Column } from '../../ui/column-table';
import { ColumnTable } from '../../ui/column-table';
import { TableOrCards } from '../../ui/table-or-cards';
import { lastUsedText, SCOPE_TEXTS } from './api-key-texts';

const LABEL = 'Your API keys';

const term = 'text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400';

function Hint({ hint }: { hint: string }) {
  return (
    <code className="font-mono text-xs whitespace-nowrap text-slate-700 dark:text-slate-300">{hint}…</code>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`}>
      Revoke
    </Button>
  );
}

/** The keys in force: a table from the sm breakpoint up, a card each on a phone. */
export function ApiKeyList({ keys, onRevoke }: { keys: readonly ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const columns: Column<ApiKey>[] = [
    {
      header: 'Name',
      className: 'max-w-48 font-medium break-words text-slate-900 dark:text-white',
      cell: (k) => k.name,
    },
    { header: 'Access', className: 'whitespace-nowrap', cell: (k) => SCOPE_TEXTS[k.scope].label },
    { header: 'Key', cell: (k) => <Hint hint={k.hint} /> },
    { header: 'Created', className: 'whitespace-nowrap', cell: (k) => formatDate(k.createdAt) },
    {
      header: 'Last used',
      className: 'whitespace-nowrap',
      cell: (k) => lastUsedText(k.lastUsedAt, formatDate),
    },
    {
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (k) => <RevokeButton apiKey={k} onRevoke={onRevoke} />,
    },
  ];
  return (
    <div className="-mx-5 sm:-mx-6">
      <TableOrCards
        table={
          <ColumnTable
            label={LABEL}
            minWidth="min-w-[40rem]"
            rows={keys}
            columns={columns}
            rowKey={(k) => k.id}
          />
        }
        cards={
          <ul aria-label={LABEL} className="divide-y divide-slate-200 dark:divide-slate-800">
            {keys.map((k) => (
              <li key={k.id} className="space-y-3 px-5 py-4">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-medium break-words text-slate-900 dark:text-white">{k.name}</p>
                  <Badge tone="neutral" className="shrink-0 px-2.5 py-0.5">
                    {SCOPE_TEXTS[k.scope].label}
                  </Badge>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
                  <div className="col-span-2">
                    <dt className={term}>Key</dt>
                    <dd className="mt-0.5">
                      <Hint hint={k.hint} />
                    </dd>
                  </div>
                  <div>
                    <dt className={term}>Created</dt>
                    <dd className="mt-0.5">{formatDate(k.createdAt)}</dd>
                  </div>
                  <div>
                    <dt className={term}>Last used</dt>
                    <dd className="mt-0.5">{lastUsedText(k.lastUsedAt, formatDate)}</dd>
                  </div>
                </dl>
                <RevokeButton apiKey={k} onRevoke={onRevoke} />
              </li>
            ))}
          </ul>
        }
      />
    </div>
  );
}
