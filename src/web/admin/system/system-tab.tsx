import { useQuery } from '@tanstack/react-query';
import type { Badge } from '../../../domain/status';
import { formatDateTime } from '../../lib/dates';
import { useLoadFailureToast } from '../../lib/use-load-failure-toast';
import { Button } from '../../ui/button';
import { buttonsColumn, numberColumn } from '../../ui/column-kinds';
import { EmailText } from '../../ui/email-text';
import type { ListTexts } from '../../ui/list-body';
import { RowActionButton } from '../../ui/row-action-button';
import { StatusBadge } from '../../ui/status-badge';
import { TableCard } from '../../ui/table-card';
import {
  type FailingWebhook,
  type GivenUpEmail,
  type OutboxQueue,
  retryEmail,
  type SystemSweep,
  systemQuery,
} from '../api/system-api';
import { QueryColumnList } from '../shared/query-column-list';
import { useAdminAction } from '../shared/use-admin-action';
import { durationText, emailClassName, queueName, queueRank, sweepName } from './system-text';

const FAILURE = 'Failed to load the system status';
const texts = (loading: string, empty: string): ListTexts => ({ loading, failure: FAILURE, empty });

const RAN: Badge = { label: 'OK', tone: 'green' };
const FAILED: Badge = { label: 'Failed', tone: 'red' };
const TURNED_OFF: Badge = { label: 'Turned off', tone: 'red' };
const FAILING: Badge = { label: 'Failing', tone: 'yellow' };

const muted = 'text-xs text-slate-600 dark:text-slate-400';
const errorText = 'text-xs break-words text-red-700 dark:text-red-300';

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** Today's times to the second (sweeps tick every few seconds); other days with their date. */
function timeText(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? clock.format(date) : formatDateTime(iso);
}

function LastRun({ sweep }: { sweep: SystemSweep }) {
  if (!sweep.lastRunAt) return <span className={muted}>Not yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2 whitespace-nowrap">
      {timeText(sweep.lastRunAt)}
      <StatusBadge badge={sweep.lastRunOk ? RAN : FAILED} />
    </span>
  );
}

function LastError({ sweep }: { sweep: SystemSweep }) {
  if (!sweep.lastError) return <span className={muted}>None</span>;
  return (
    <>
      <p className={errorText}>{sweep.lastError}</p>
      <p className={muted}>
        {timeText(sweep.lastFailureAt)}, {sweep.failures} failed since start
      </p>
    </>
  );
}

const every = (s: SystemSweep) =>
  s.everyMs === null ? 'Not on a timer here' : `Every ${durationText(s.everyMs)}`;
const items = (s: SystemSweep) => (s.lastItems === null ? '–' : String(s.lastItems));

/** A web-only process runs no sweep: the workers do, and their /metrics show them. */
const WEB_ONLY =
  'This server only answers web requests: the sweeps run on the worker processes, whose /metrics show them.';

function SweepsCard({ started }: { started: string | undefined }) {
  const query = useQuery(systemQuery);
  const rows = (query.data?.sweeps ?? []).map((s) => ({ ...s, id: s.name }));
  const empty = query.data?.runsSweeps === false ? WEB_ONLY : 'No sweep has run on this server yet.';
  return (
    <TableCard
      title="Sweeps"
      description={
        <>
          The background jobs as this server saw them
          {started ? ` since it started (${formatDateTime(started)})` : ''}. Each server keeps its own
          figures: with several servers, another one may show other rounds.
        </>
      }
      actions={
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      }
    >
      <QueryColumnList
        query={query}
        texts={texts('Loading sweeps', empty)}
        label="Sweeps"
        minWidth="min-w-[56rem]"
        rows={rows}
        columns={[
          {
            header: 'Sweep',
            className: 'align-top',
            cell: (s) => (
              <>
                <div className="font-medium text-slate-900 dark:text-white">{sweepName(s.name)}</div>
                <div className={muted}>{every(s)}</div>
              </>
            ),
          },
          { header: 'Last run', className: 'align-top', cell: (s) => <LastRun sweep={s} /> },
          {
            header: 'Last success',
            className: 'align-top whitespace-nowrap',
            cell: (s) => timeText(s.lastSuccessAt),
          },
          {
            header: 'Next run',
            className: 'align-top whitespace-nowrap',
            cell: (s) => (s.nextRunAt ? timeText(s.nextRunAt) : '–'),
          },
          { ...numberColumn('Items', 'align-top'), cell: items },
          { header: 'Last error', className: 'max-w-80 align-top', cell: (s) => <LastError sweep={s} /> },
        ]}
        card={(s) => ({
          title: (
            <>
              <span>{sweepName(s.name)}</span>
              <div className={muted}>{every(s)}</div>
            </>
          ),
          badge: s.lastRunAt ? <StatusBadge badge={s.lastRunOk ? RAN : FAILED} /> : undefined,
          fields: [
            { label: 'Last run', value: timeText(s.lastRunAt) },
            { label: 'Last success', value: timeText(s.lastSuccessAt) },
            { label: 'Next run', value: s.nextRunAt ? timeText(s.nextRunAt) : '–' },
            { label: 'Items (last run)', value: items(s) },
            // Seven sweeps are a long list on a phone: an error is shown only where there is one.
            ...(s.lastError ? [{ label: 'Last error', value: <LastError sweep={s} />, wide: true }] : []),
          ],
        })}
      />
    </TableCard>
  );
}

const oldest = (q: OutboxQueue) =>
  q.oldestPendingSeconds === null ? '–' : `${durationText(q.oldestPendingSeconds * 1000)} ago`;

function OutboxCard() {
  const query = useQuery(systemQuery);
  const rows = (query.data?.outbox ?? [])
    .map((q) => ({ ...q, id: q.kind }))
    .sort((a, b) => queueRank(a.kind) - queueRank(b.kind));
  return (
    <TableCard
      title="Outbox"
      description="Messages waiting to go out, by kind, and those given up after their last retry."
    >
      <QueryColumnList
        query={query}
        texts={texts('Loading the outbox', 'The outbox is empty.')}
        label="Outbox"
        minWidth="min-w-[36rem]"
        rows={rows}
        columns={[
          { header: 'Kind', className: 'font-medium', cell: (q) => queueName(q.kind) },
          { ...numberColumn('Waiting'), cell: (q) => q.pending },
          { header: 'Oldest waiting', className: 'whitespace-nowrap', cell: oldest },
          { ...numberColumn('Given up'), cell: (q) => q.givenUp },
        ]}
        card={(q) => ({
          title: queueName(q.kind),
          fields: [
            { label: 'Waiting', value: q.pending },
            { label: 'Oldest waiting', value: oldest(q) },
            { label: 'Given up', value: q.givenUp },
          ],
        })}
      />
    </TableCard>
  );
}

function EndpointState({ endpoint }: { endpoint: FailingWebhook }) {
  return <StatusBadge badge={endpoint.disabledAt ? TURNED_OFF : FAILING} />;
}

const since = (w: FailingWebhook) => {
  const at = w.failingSince ?? w.disabledAt;
  return at ? formatDateTime(at) : '–';
};

function WebhooksCard() {
  const query = useQuery(systemQuery);
  const rows = query.data?.failingWebhooks ?? [];
  return (
    <TableCard
      title="Failing webhook endpoints"
      description="Customer endpoints whose deliveries fail. After 3 days of failures an endpoint is turned off and its owner is e-mailed."
    >
      <QueryColumnList
        query={query}
        texts={texts('Loading webhook endpoints', 'No webhook endpoint is failing.')}
        label="Failing webhook endpoints"
        minWidth="min-w-[44rem]"
        rows={rows}
        columns={[
          {
            header: 'Customer',
            className: 'max-w-56 break-words',
            cell: (w) => <EmailText email={w.customerEmail} />,
          },
          { header: 'Host', className: 'max-w-56 break-all', cell: (w) => w.host },
          { header: 'Failing since', className: 'whitespace-nowrap', cell: since },
          { header: 'State', cell: (w) => <EndpointState endpoint={w} /> },
          { ...numberColumn('Waiting'), cell: (w) => w.waiting },
        ]}
        card={(w) => ({
          title: w.host,
          badge: <EndpointState endpoint={w} />,
          fields: [
            { label: 'Customer', value: <EmailText email={w.customerEmail} />, wide: true },
            { label: 'Failing since', value: since(w) },
            { label: 'Waiting', value: w.waiting },
          ],
        })}
      />
    </TableCard>
  );
}

/** 'Retry now' for a given-up e-mail; one past its use (a sign-in code) is never sent late. */
function RetryButton({ email }: { email: GivenUpEmail }) {
  const run = useAdminAction();
  if (!email.retryable) return <span className={muted}>Expired: not sent late</span>;
  const retry = async () => {
    try {
      await run(() => retryEmail(email.id), {
        success: (r) => ({ title: 'E-mail queued again', description: `Sending to ${r.to} now.` }),
        failure: 'Could not queue the e-mail again',
      });
    } catch {
      // The toast has said why; the row stays for another try.
    }
  };
  return (
    <RowActionButton action={retry} label={`Retry now: the e-mail to ${email.to}`} busyText="Retrying...">
      Retry now
    </RowActionButton>
  );
}

function Subject({ email }: { email: GivenUpEmail }) {
  return (
    <>
      <div className="break-words text-slate-900 dark:text-white">{email.subject}</div>
      <div className={muted}>{emailClassName(email.emailClass)}</div>
    </>
  );
}

function GaveUp({ email }: { email: GivenUpEmail }) {
  return (
    <>
      <div className="whitespace-nowrap">{formatDateTime(email.givenUpAt)}</div>
      <div className={muted}>after {email.attempts === 1 ? '1 attempt' : `${email.attempts} attempts`}</div>
    </>
  );
}

const lastError = (e: GivenUpEmail) =>
  e.lastError ? <p className={errorText}>{e.lastError}</p> : <span className={muted}>None</span>;

function EmailsCard() {
  const query = useQuery(systemQuery);
  const rows = query.data?.givenUpEmails ?? [];
  const total = query.data?.givenUpEmailsTotal ?? 0;
  return (
    <TableCard
      title="E-mails given up"
      description="E-mails the outbox stopped retrying, newest first. Retry now sends one again at once; if it fails it comes back here with the new error."
      footer={total > rows.length ? `Showing the newest ${rows.length} of ${total}.` : undefined}
    >
      <QueryColumnList
        query={query}
        texts={texts('Loading given-up e-mails', 'No e-mail was given up.')}
        label="E-mails given up"
        minWidth="min-w-[56rem]"
        rows={rows}
        columns={[
          {
            header: 'Recipient',
            className: 'max-w-56 align-top break-words',
            cell: (e) => <EmailText email={e.to} />,
          },
          { header: 'Subject', className: 'max-w-72 align-top', cell: (e) => <Subject email={e} /> },
          { header: 'Last error', className: 'max-w-72 align-top', cell: lastError },
          { header: 'Given up', className: 'align-top', cell: (e) => <GaveUp email={e} /> },
          { ...buttonsColumn('Action', 'align-top'), cell: (e) => <RetryButton email={e} /> },
        ]}
        card={(e) => ({
          title: <EmailText email={e.to} />,
          fields: [
            { label: 'Subject', value: <Subject email={e} />, wide: true },
            { label: 'Last error', value: lastError(e), wide: true },
            { label: 'Given up', value: <GaveUp email={e} />, wide: true },
          ],
          actions: <RetryButton email={e} />,
        })}
      />
    </TableCard>
  );
}

/**
 * What the background work is doing (the sweeps, the outbox, customer webhooks) and the
 * e-mails it gave up, each with 'Retry now': where an operator looks when a customer says an
 * e-mail never came.
 */
export function SystemTab() {
  const query = useQuery(systemQuery);
  useLoadFailureToast(query.isError, query.errorUpdatedAt, 'admin-system-load', FAILURE);
  return (
    <div className="space-y-8">
      <EmailsCard />
      <SweepsCard started={query.data?.processStartedAt} />
      <OutboxCard />
      <WebhooksCard />
    </div>
  );
}
