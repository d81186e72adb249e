import { formatDateTime } from '../../lib/dates';
import { useChoice } from '../../lib/use-choice';
import { usePagedList } from '../../lib/use-paged-list';
import { freeText, useSearchInput } from '../../lib/use-search-input';
import { EmailText } from '../../ui/email-text';
import type { ListTexts } from '../../ui/list-body';
import { pagerOf } from '../../ui/list-pager';
import { SearchBox } from '../../ui/search-box';
import { SelectFilter } from '../../ui/select-filter';
import { TableCard } from '../../ui/table-card';
import { textLinkClasses } from '../../ui/text-link';
import { type AuditEntry, auditQuery } from '../api/audit-api';
import { detailsText } from '../shared/details-text';
import { eventLabel } from '../shared/event-labels';
import { FilterBar } from '../shared/filter-bar';
import { QueryColumnList } from '../shared/query-column-list';
import { AUDIT_ACTION_OPTIONS } from './audit-actions';

const TEXTS: ListTexts = {
  loading: 'Loading the audit log',
  failure: 'Failed to load the audit log',
  empty: 'No entries match these filters.',
};

const who = (e: AuditEntry) => e.actor.email ?? (e.actor.id ? `User #${e.actor.id}` : 'System');

/** The actor, as a button that narrows the log to them: who else did what they did, and when. */
function Who({ entry, onPick }: { entry: AuditEntry; onPick: (actor: string) => void }) {
  const actor = entry.actor.email ?? entry.actor.id;
  if (!actor) return <>{who(entry)}</>;
  return (
    <button
      type="button"
      onClick={() => onPick(actor)}
      title="Show only this person's actions"
      className={`${textLinkClasses} text-left [overflow-wrap:anywhere]`}
    >
      {entry.actor.email ? <EmailText email={entry.actor.email} /> : who(entry)}
    </button>
  );
}
const target = (e: AuditEntry) =>
  e.targetType ? `${e.targetType}${e.targetId ? ` #${e.targetId}` : ''}` : '—';

function What({ entry }: { entry: AuditEntry }) {
  const details = detailsText(entry.details);
  return (
    <div className="min-w-0">
      <div className="font-medium text-slate-900 dark:text-white">{eventLabel(entry.action)}</div>
      <div className="font-mono text-xs text-slate-500 dark:text-slate-400">{entry.action}</div>
      {details && (
        <div className="mt-0.5 text-xs break-words text-slate-600 dark:text-slate-400">{details}</div>
      )}
    </div>
  );
}

/** Who did what, when (D11): searchable, filterable by action and actor, 20 per page. */
export function AuditTab() {
  const text = useSearchInput(freeText);
  const actor = useSearchInput(freeText);
  const action = useChoice<string>('');
  const filter = { action: action.value || undefined, actor: actor.term, q: text.term };
  const paged = usePagedList(filter, auditQuery, 'admin-audit-load', TEXTS);
  const { query, items } = paged;

  return (
    <TableCard
      title="Audit log"
      description="Sign-ins, password reveals, exports and every admin action, newest first."
      toolbar={
        <FilterBar>
          <SearchBox search={text} label="Search the audit log" placeholder="Target, details or IP" />
          <SearchBox search={actor} label="Filter by who did it" placeholder="Who (email or user id)" />
          <SelectFilter
            choice={action}
            options={AUDIT_ACTION_OPTIONS}
            label="Filter by action"
            className="sm:w-60"
          />
        </FilterBar>
      }
      footer={pagerOf('Audit log', paged)}
    >
      <QueryColumnList
        query={query}
        texts={TEXTS}
        skeletonRows={8}
        label="Audit log"
        minWidth="min-w-[52rem]"
        rows={items}
        columns={[
          { header: 'When', className: 'align-top whitespace-nowrap', cell: (e) => formatDateTime(e.at) },
          {
            header: 'Who',
            className: 'max-w-56 align-top',
            cell: (e) => <Who entry={e} onPick={actor.setInput} />,
          },
          { header: 'What', className: 'max-w-96 align-top', cell: (e) => <What entry={e} /> },
          { header: 'Target', className: 'max-w-48 align-top font-mono text-xs break-all', cell: target },
          {
            header: 'IP',
            className: 'align-top font-mono text-xs whitespace-nowrap',
            cell: (e) => e.ip || '—',
          },
        ]}
        card={(e) => ({
          title: <What entry={e} />,
          fields: [
            { label: 'When', value: formatDateTime(e.at), wide: true },
            { label: 'Who', value: <Who entry={e} onPick={actor.setInput} />, wide: true },
            {
              label: 'Target',
              value: <span className="font-mono text-xs break-all">{target(e)}</span>,
              wide: true,
            },
            { label: 'IP', value: e.ip || '—' },
          ],
        })}
      />
    </TableCard>
  );
}
