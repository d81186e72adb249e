import { Banknote, ExternalLink, Plus, RotateCcw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pendingCreditText } from '../../../domain/api/billing';
import { formatCents, plural } from '../../../domain/format';
import { formatDate } from '../../lib/dates';
import { usePermissions } from '../../lib/use-can';
import { Button } from '../../ui/button';
import { StatusBadge } from '../../ui/status-badge';
import { textLinkClasses } from '../../ui/text-link';
import type { Subscription } from '../api/billing-api';
import { AddPanelsDialog } from './add-panels-dialog';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { PendingAdditions } from './pending-additions';
import { RefundRequestDialog } from './refund-request-dialog';
import { refundStatusView, type SubscriptionView } from './subscription-view';
import type { useSubscriptionActions } from './use-subscription-actions';

type Actions = ReturnType<typeof useSubscriptionActions>;

function RefundStatus({ subscription }: { subscription: Subscription }) {
  if (!subscription.refundRequest) return null;
  const view = refundStatusView(subscription.refundRequest);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      <StatusBadge badge={{ label: view.title, tone: view.tone }} />
      <span>{view.detail}</span>
    </p>
  );
}

/**
 * One order's subscription: plan, panels, price, status, renewal, and what can be done with it
 * (adding panels is buying; the rest is managing billing, each for the roles that may).
 */
export function SubscriptionRow({
  subscription: s,
  view,
  actions,
}: {
  subscription: Subscription;
  view: SubscriptionView;
  actions: Actions;
}) {
  const [dialog, setDialog] = useState<'cancel' | 'refund' | 'add' | null>(null);
  const [resuming, setResuming] = useState(false);
  const titleId = `subscription-${s.orderId}`;

  const resume = async () => {
    setResuming(true);
    await actions.resume(s);
    setResuming(false);
  };

  const can = usePermissions();
  const manage = can('billing.manage');
  const canAddPanels = view.canAddPanels && can('orders.buy');
  const canCancel = view.canCancel && manage;
  const canResume = view.canResume && manage;
  const showPortal = view.showPortal && manage;
  const refundable = s.refundable && manage;
  const hasActions = canAddPanels || canCancel || canResume || showPortal || refundable;
  return (
    <li aria-labelledby={titleId} className="space-y-3 px-5 py-5 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900 dark:text-white">
            {s.planName} plan{' '}
            <span className="font-normal text-slate-500 dark:text-slate-400">· Order #{s.orderId}</span>
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {plural(s.quantity, 'panel')} · {formatCents(s.totalCents)} / month
            {view.period && <> · {view.period}</>}
          </p>
          {view.nextRenewal && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{view.nextRenewal}</p>
          )}
          {s.pendingCreditCents > 0 && (
            <p className="mt-1 text-sm font-medium text-emerald-700 dark:text-emerald-400">
              {pendingCreditText(s.pendingCreditCents)}
            </p>
          )}
        </div>
        <StatusBadge badge={view.badge} />
      </div>

      {view.pastDue && (
        <div
          role="alert"
          className="flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <p>
            {`The renewal payment ${view.manualRenewal ? 'has not arrived' : 'failed'}. Your panels stay active until ${formatDate(view.pastDue.graceEnds)}; `}
            {view.showPortal
              ? 'update your payment method in Stripe to keep them.'
              : view.manualRenewal
                ? 'pay the renewal to keep them. '
                : 'contact support to keep them.'}
            {view.manualRenewal && (
              <RenewalInstructionsLink path={view.manualRenewal.path} orderId={s.orderId} />
            )}
          </p>
        </div>
      )}

      {view.manualRenewal && !view.pastDue && (
        <div className="flex gap-2.5 rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-2.5 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
          <Banknote className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <p>
            {`Renewal due: pay ${formatCents(s.renewalPriceCents)} by ${formatDate(view.manualRenewal.dueAt)} to keep your panels. `}
            <RenewalInstructionsLink path={view.manualRenewal.path} orderId={s.orderId} />
          </p>
        </div>
      )}

      {s.provider === 'manual' && <PendingAdditions orderId={s.orderId} />}

      <RefundStatus subscription={s} />

      {hasActions && (
        <div className="flex flex-wrap gap-2">
          {canAddPanels && (
            <Button variant="secondary" size="sm" onClick={() => setDialog('add')}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add panels
            </Button>
          )}
          {canCancel && (
            <Button variant="outline" size="sm" onClick={() => setDialog('cancel')}>
              Cancel subscription
            </Button>
          )}
          {canResume && (
            <Button variant="secondary" size="sm" onClick={() => void resume()} disabled={resuming}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              Resume
            </Button>
          )}
          {showPortal && (
            <Button variant="outline" size="sm" onClick={() => void actions.openPortal(s)}>
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              Manage in Stripe
            </Button>
          )}
          {refundable && (
            <Button variant="ghost" size="sm" onClick={() => setDialog('refund')}>
              Request refund
            </Button>
          )}
        </div>
      )}

      <CancelSubscriptionDialog
        subscription={s}
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        onConfirm={() => actions.cancel(s)}
      />
      {view.canAddPanels && (
        <AddPanelsDialog target={s} open={dialog === 'add'} onClose={() => setDialog(null)} />
      )}
      <RefundRequestDialog
        subscription={s}
        open={dialog === 'refund'}
        onClose={() => setDialog(null)}
        onSubmit={(reason) => actions.refund(s, reason)}
      />
    </li>
  );
}

/** Where to pay a manual renewal; the label names the order, as a row may sit among several. */
function RenewalInstructionsLink({ path, orderId }: { path: string; orderId: number }) {
  return (
    <Link
      to={path}
      className={textLinkClasses}
      aria-label={`Payment instructions for the renewal of order #${orderId}`}
    >
      Payment instructions
    </Link>
  );
}
