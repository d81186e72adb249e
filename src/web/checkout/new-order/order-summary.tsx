import { LoaderCircle } from 'lucide-react';
import { formatCents } from '../../../domain/format';
import { PROCESSING } from '../../../domain/messages';
import { getPlan, type PlanId } from '../../../domain/plans';
import { ratePercent, TAX_WORD } from '../../../domain/tax';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import type { OrderQuote } from './order-selection';

const count = new Intl.NumberFormat('en-US');

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums dark:text-slate-100">{value}</dd>
    </div>
  );
}

/** The total, the 'Proceed to Payment' button and, when checkout gave no URL, the documented message. */
export function OrderSummary({
  planId,
  additionalPanels,
  quote,
  busy,
  error,
}: {
  planId: PlanId | null;
  additionalPanels: number;
  quote: OrderQuote | null;
  busy: boolean;
  error: string | null;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">Order summary</h2>
      {planId && quote ? (
        <dl className="mt-4 space-y-2.5 text-sm">
          <Line label={`${getPlan(planId).name} plan`} value={formatCents(quote.planCents)} />
          <Line
            label={`Add-on panels (${additionalPanels} × ${formatCents(quote.addonUnitCents)})`}
            value={formatCents(quote.addonCents)}
          />
          <Line label="Admin panels" value={count.format(quote.panels)} />
          <Line label="Mailbox seats" value={count.format(quote.seats)} />
          {quote.reverseCharge && <Line label={`${TAX_WORD} (reverse charge)`} value={formatCents(0)} />}
        </dl>
      ) : (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Select a plan to see your total.</p>
      )}
      <div className="mt-5 flex items-baseline justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <span className="font-semibold text-slate-900 dark:text-white">Total</span>
        <p aria-live="polite" aria-atomic="true">
          <span
            data-testid="order-total"
            className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white"
          >
            {quote ? formatCents(quote.totalCents) : '—'}
          </span>
          <span className="text-sm text-slate-600 dark:text-slate-400">/month</span>
        </p>
      </div>
      {quote?.reverseCharge && (
        <p data-testid="reverse-charge-note" className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          Reverse charge: your business accounts for the {TAX_WORD}, so you pay the list price of{' '}
          {formatCents(quote.reverseCharge.listCents)} less the{' '}
          {ratePercent(quote.reverseCharge.rateBasisPoints)} {TAX_WORD} it includes.
        </p>
      )}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <Button type="submit" size="lg" className="mt-5 w-full" disabled={busy} aria-disabled={busy}>
        {busy && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {busy ? PROCESSING : 'Proceed to Payment'}
      </Button>
      <p className="mt-3 text-center text-xs text-slate-500 dark:text-slate-400">
        The price is confirmed on the next page before you pay.
      </p>
    </Card>
  );
}
