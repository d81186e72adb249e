import { formatCents, plural } from '../../../domain/format';
import type { SandboxSession } from '../api/orders-api';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt
        className={
          strong ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-400'
        }
      >
        {label}
      </dt>
      <dd
        className={
          strong
            ? 'text-xl font-bold text-slate-900 tabular-nums dark:text-white'
            : 'font-medium text-slate-900 tabular-nums dark:text-slate-100'
        }
      >
        {value}
      </dd>
    </div>
  );
}

const panels = (n: number) => plural(n, 'admin panel');

/** The order as the server priced it: the sandbox page shows the server's total, never its own. */
export function SandboxSummary({ session }: { session: SandboxSession }) {
  const included = session.quantity - session.additionalPanels;
  return (
    <dl className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
      <Row label="Plan" value={`${session.planName} (${panels(included)})`} />
      <Row label="Add-on panels" value={String(session.additionalPanels)} />
      <Row label="Total panels" value={panels(session.quantity)} />
      <Row label="Billing" value="Monthly" />
      <Row label="Total due today" value={formatCents(session.totalCents)} strong />
    </dl>
  );
}
