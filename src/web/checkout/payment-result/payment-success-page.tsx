import { CircleCheck, Clock, LoaderCircle } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GO_TO_DASHBOARD } from '../../../domain/messages';
import { usePageTitle } from '../../lib/use-page-title';
import { buttonClasses } from '../../ui/button';
import { textLinkClasses } from '../../ui/text-link';
import { readCurrentOrder } from '../current-order';
import { ResultPanel, type ResultTone } from '../result-panel';
import { NextSteps } from './next-steps';
import { paymentIdsFrom, paymentReference } from './payment-ids';
import type { VerificationState } from './payment-verification';
import { usePaymentVerification } from './use-payment-verification';
import { verificationView } from './verification-view';

const ICONS: Record<VerificationState['phase'], { tone: ResultTone; icon: ReactNode }> = {
  checking: { tone: 'brand', icon: <LoaderCircle className="h-8 w-8 animate-spin" /> },
  success: { tone: 'success', icon: <CircleCheck className="h-8 w-8" /> },
  pending: { tone: 'waiting', icon: <Clock className="h-8 w-8" /> },
};

/** /payment-success: the payment return flow (docs/product.md §2), shown as one card. */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const search = params.toString();
  // Read once, on arrival: the flow clears the stored order id, which must not change the ids.
  const [storedOrderId] = useState(readCurrentOrder);
  const ids = useMemo(
    () => paymentIdsFrom(new URLSearchParams(search), storedOrderId),
    [search, storedOrderId],
  );
  const state = usePaymentVerification(ids);
  const view = verificationView(state);
  usePageTitle(view.title);
  const reference = paymentReference(ids);
  const { tone, icon } = ICONS[state.phase];

  return (
    <ResultPanel
      tone={tone}
      icon={icon}
      title={view.title}
      subtitle={
        state.phase === 'checking' ? (
          <>
            <p className="font-medium text-slate-800 dark:text-slate-200">{view.subtitle}</p>
            <p className="mt-1 min-h-5 text-sm">{view.note}</p>
          </>
        ) : state.phase === 'success' ? (
          <p>Thank you! Your payment is confirmed and your subscription has started.</p>
        ) : (
          <p>{view.subtitle}</p>
        )
      }
      footer={
        state.phase === 'checking' ? undefined : (
          <>
            <p className="text-center text-sm font-medium text-slate-600 tabular-nums sm:text-left dark:text-slate-400">
              {reference}
            </p>
            <Link to="/dashboard" className={buttonClasses()}>
              {GO_TO_DASHBOARD}
            </Link>
          </>
        )
      }
    >
      {state.phase === 'success' && <NextSteps />}
      {state.phase === 'pending' && (
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          Nothing there after a few hours?{' '}
          <Link to="/help" className={textLinkClasses}>
            Contact support
          </Link>{' '}
          and we will sort it out.
        </p>
      )}
    </ResultPanel>
  );
}
