import type { ApiKey } from '../../../domain/api/api-keys';
import { formatDate } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { buttonsColumn } from '../../ui/column-kinds';
import type { Column } from '../../ui/column-table';
import { ColumnTableOrCards } from '../../ui/column-table-or-cards';
import { lastUsedText, SCOPE_TEXTS } from './api-key-texts';

const LABEL = 'Your API keys';

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
    { ...buttonsColumn('Actions'), cell: (k) => <RevokeButton apiKey={k} onRevoke={onRevoke} /> },
  ];
  return (
    <ColumnTableOrCards
      label={LABEL}
      rows={keys}
      columns={columns}
      rowKey={(k) => k.id}
      card={{
        title: (k) => (
          <p className="min-w-0 font-medium break-words text-slate-900 dark:text-white">{k.name}</p>
        ),
        badge: (k) => (
          <Badge tone="neutral" className="shrink-0 px-2.5 py-0.5">
            {SCOPE_TEXTS[k.scope].label}
          </Badge>
        ),
        facts: (k) => [
          { term: 'Key', value: <Hint hint={k.hint} />, wide: true },
          { term: 'Created', value: formatDate(k.createdAt) },
          { term: 'Last used', value: lastUsedText(k.lastUsedAt, formatDate) },
        ],
        action: (k) => <RevokeButton apiKey={k} onRevoke={onRevoke} />,
      }}
    />
  );
}
