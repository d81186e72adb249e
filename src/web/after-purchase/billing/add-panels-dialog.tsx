import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { formatCents, formatCentsExact, plural } from '../../../domain/format';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { Alert } from '../../ui/alert';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { CancelAndConfirm } from '../../ui/dialog-actions';
import { fieldControlClasses } from '../../ui/input';
import { RadioCard } from '../../ui/radio-card';
import { addPanelsQuoteQuery, useAddPanels } from '../api/add-panels-api';
import { panelsAddedText } from './add-panels-texts';
import { subscriptionName } from './subscription-view';

const choiceClasses =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white px-3.5 py-3 transition-colors hover:border-slate-300 has-checked:border-brand-600 has-checked:bg-brand-50/60 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-600 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/40 dark:has-checked:ring-indigo-400';
const radioClasses = 'mt-0.5 h-4 w-4 shrink-0 accent-brand-600 focus:outline-none dark:accent-indigo-400';

/** The select offers at most this many at once; the API takes more. */
const SELECT_MAX = 30;

export interface AddPanelsTarget {
  orderId: number;
  planId: string;
  planName: string;
  /** 'manual' (bank transfer, crypto): the panels are invoiced, and added once the money arrives. */
  provider: string;
}

/**
 * Add panels to a running subscription (D8): join its renewal date, charged now for the days
 * left at the server's price to the cent (bank transfer and crypto: invoiced, the panels added
 * once the money arrives), or start a new period of their own (a new order).
 */
export function AddPanelsDialog({
  target,
  open,
  onClose,
}: {
  target: AddPanelsTarget;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Add panels" description={subscriptionName(target)}>
      <AddPanelsForm target={target} onClose={onClose} />
    </Dialog>
  );
}

function AddPanelsForm({ target, onClose }: { target: AddPanelsTarget; onClose: () => void }) {
  const navigate = useNavigate();
  const addPanels = useAddPanels();
  const [panels, setPanels] = useState(1);
  const [choice, setChoice] = useState<'join' | 'new'>('join');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const quote = useQuery(addPanelsQuoteQuery(target.orderId, panels));
  // The room left under the plan's limit, from the first answer (it holds while the dialog is open).
  const first = useQuery(addPanelsQuoteQuery(target.orderId, 1));
  const room = first.data ? Math.min(SELECT_MAX, first.data.maxPanels - first.data.renewing) : 1;
  const refusal = quote.error ? errorMessage(quote.error, 'We could not price the panels.') : null;
  const joinable = !refusal;
  const picked = joinable ? choice : 'new';
  const invoiced = target.provider === 'manual';

  const confirm = async () => {
    if (picked === 'new') {
      onClose();
      await navigate(`/new-order?plan=${encodeURIComponent(target.planId)}`);
      return;
    }
    if (!quote.data) return;
    setBusy(true);
    setFailure(null);
    try {
      const added = await addPanels(target.orderId, panels, quote.data.chargeCents);
      const invoice = added.awaitingPayment;
      if (invoice) {
        toast.success('Payment instructions sent', {
          description: `Pay ${formatCentsExact(invoice.amountCents)} by ${formatDate(invoice.expiresAt)} with reference ${invoice.reference}; the instructions are on this page and in your e-mail.`,
        });
      } else {
        toast.success('Panels added', {
          description: panelsAddedText(added, target.orderId, target.provider),
        });
      }
      onClose();
    } catch (caught) {
      await quote.refetch();
      setFailure(errorMessage(caught, 'We could not add the panels. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const q = quote.data;
  return (
    <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
      {failure && <Alert tone="error">{failure}</Alert>}
      <div>
        <label htmlFor="add-panels-count" className="block font-medium text-slate-800 dark:text-slate-200">
          Panels to add
        </label>
        <select
          id="add-panels-count"
          value={panels}
          disabled={busy}
          onChange={(event) => setPanels(Number(event.target.value))}
          className={cn(fieldControlClasses, 'mt-1.5 max-w-32')}
        >
          {Array.from({ length: Math.max(1, room) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1.5 font-medium text-slate-800 dark:text-slate-200">When they start</legend>
        <RadioCard
          name="add-panels-choice"
          value="join"
          checked={picked === 'join'}
          disabled={!joinable || busy}
          onSelect={() => setChoice('join')}
          describedBy="add-panels-join-detail"
          className={choiceClasses}
          radioClassName={radioClasses}
        >
          <span className="min-w-0">
            <span className="block font-medium text-slate-900 dark:text-white">
              {q ? `Join the renewal on ${formatDate(q.renewsAt)}` : 'Join the current renewal date'}
            </span>
            <span id="add-panels-join-detail" className="mt-1 block text-slate-600 dark:text-slate-400">
              {q ? (
                <>
                  <strong className="font-semibold text-slate-900 dark:text-white">
                    {formatCentsExact(q.chargeCents)}
                  </strong>{' '}
                  {invoiced ? 'by bank transfer or crypto' : 'now'} for the {plural(q.daysLeft, 'day')} left
                  of this {q.periodDays}-day period, then {formatCents(q.renewalCents)} / month for every
                  panel of the order.
                  {invoiced &&
                    ' We send you an invoice with the payment instructions; the panels are added once the payment arrives.'}
                </>
              ) : (
                (refusal ?? 'Working out the price...')
              )}
            </span>
          </span>
        </RadioCard>
        <RadioCard
          name="add-panels-choice"
          value="new"
          checked={picked === 'new'}
          disabled={busy}
          onSelect={() => setChoice('new')}
          describedBy="add-panels-new-detail"
          className={choiceClasses}
          radioClassName={radioClasses}
        >
          <span className="min-w-0">
            <span className="block font-medium text-slate-900 dark:text-white">Start a new period</span>
            <span id="add-panels-new-detail" className="mt-1 block text-slate-600 dark:text-slate-400">
              A new {target.planName} order with a renewal date of its own, paid in full at checkout.
            </span>
          </span>
        </RadioCard>
      </fieldset>
      <CancelAndConfirm
        busy={busy}
        onCancel={onClose}
        label={
          picked === 'join' && q
            ? invoiced
              ? 'Get payment instructions'
              : `Pay ${formatCentsExact(q.chargeCents)}`
            : 'Continue to checkout'
        }
        busyLabel={invoiced ? 'Preparing the invoice...' : 'Paying...'}
        disabled={picked === 'join' && !q}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
