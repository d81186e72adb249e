import { useMutation, useQuery } from '@tanstack/react-query';
import { FlaskConical, LoaderCircle, Lock } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { formatCents } from '../../../domain/format';
import { PROCESSING } from '../../../domain/messages';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { LoadingScreen } from '../../ui/spinner';
import {
  cancelSandboxSession,
  getSandboxSession,
  paySandboxSession,
  type SandboxSession,
} from '../api/orders-api';
import { DeadEnd } from './dead-end';
import { isSitePath } from './safe-redirect';
import { SandboxSummary } from './sandbox-summary';

const CLOSED_TEXT: Record<Exclude<SandboxSession['status'], 'open'>, string> = {
  paid: 'This checkout has already been paid.',
  canceled: 'This checkout was canceled. Nothing was charged.',
  expired: 'This checkout has expired. Nothing was charged.',
};

/** The server's return address, followed only when it stays on this site. */
async function returnPath(request: Promise<string>): Promise<string> {
  const url = await request;
  if (!isSitePath(url)) throw new Error('The checkout returned an unexpected address.');
  return url;
}

/** Buttons of an open checkout; both lead to the return URL the server gives. */
function SandboxActions({ session }: { session: SandboxSession }) {
  const navigate = useNavigate();
  const options = {
    onSuccess: (url: string) => void navigate(url, { replace: true }),
    onError: (error: unknown) =>
      toast.error('Payment failed', { description: errorMessage(error, 'Please try again.') }),
  };
  const pay = useMutation({ mutationFn: () => returnPath(paySandboxSession(session.sessionId)), ...options });
  const cancel = useMutation({
    mutationFn: () => returnPath(cancelSandboxSession(session.sessionId)),
    ...options,
  });
  const busy = pay.isPending || cancel.isPending;

  return (
    <div className="space-y-3">
      <Button size="lg" className="w-full" disabled={busy} onClick={() => pay.mutate()}>
        {pay.isPending ? (
          <>
            <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
            {PROCESSING}
          </>
        ) : (
          <>
            <Lock className="h-4 w-4" aria-hidden="true" />
            {`Pay ${formatCents(session.totalCents)}`}
          </>
        )}
      </Button>
      <Button variant="ghost" className="w-full" disabled={busy} onClick={() => cancel.mutate()}>
        Cancel payment
      </Button>
    </div>
  );
}

/** What a paid, canceled or expired checkout offers instead of the buttons. */
function ClosedCheckout({ session }: { session: SandboxSession }) {
  if (session.status === 'open') return null;
  const paid = session.status === 'paid';
  const next = paid
    ? `/payment-success?session_id=${encodeURIComponent(session.sessionId)}&order_id=${session.orderId}`
    : '/new-order';
  return (
    <div className="space-y-4">
      <Alert tone={paid ? 'success' : 'info'}>{CLOSED_TEXT[session.status]}</Alert>
      <Link to={next} className={buttonClasses({ className: 'w-full' })}>
        {paid ? 'View payment status' : 'Return to Order Page'}
      </Link>
    </div>
  );
}

function CheckoutLoadError({ error, retry }: { error: Error; retry: () => void }) {
  if (error instanceof ApiRequestError && error.status === 404) {
    return (
      <DeadEnd
        title="Checkout not found"
        text="This checkout does not exist or belongs to another account."
        to="/new-order"
        linkLabel="Return to Order Page"
      />
    );
  }
  return <LoadError title="We could not load this checkout" onRetry={retry} retryIcon={false} />;
}

/**
 * /checkout/sandbox/:sessionId: the built-in stand-in for a hosted card checkout (D6). It
 * says plainly that it is a test: paying moves no money, it only confirms the order through
 * the same pipeline a real provider's webhook uses.
 */
export default function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  usePageTitle('Sandbox checkout');
  const query = useQuery({
    queryKey: ['sandbox-session', sessionId],
    queryFn: () => getSandboxSession(sessionId),
    // Always the server's current state: coming back to a paid or canceled checkout must never
    // show a cached Pay button.
    staleTime: 0,
    gcTime: 0,
    // A 404 will not turn into a checkout by asking again.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
  });

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8 sm:px-6 sm:py-14">
      <Card className="overflow-hidden">
        <div className="flex items-center gap-3 border-b border-amber-200 bg-amber-50 px-6 py-3 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
          <FlaskConical className="h-4 w-4 shrink-0" aria-hidden="true" />
          <p>
            <strong className="font-semibold">Test mode.</strong> This is the sandbox checkout; no real card
            is charged.
          </p>
        </div>
        <div className="space-y-6 px-6 py-7 sm:px-8">
          <header>
            <p className="text-sm font-medium text-slate-500 dark:text-slate-400">Sandbox checkout</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
              Complete your order
            </h1>
          </header>
          {query.isPending ? (
            <LoadingScreen label="Loading your checkout" className="min-h-48" />
          ) : query.isError ? (
            <CheckoutLoadError error={query.error} retry={() => void query.refetch()} />
          ) : (
            <>
              <SandboxSummary session={query.data} />
              {query.data.status === 'open' ? (
                <SandboxActions session={query.data} />
              ) : (
                <ClosedCheckout session={query.data} />
              )}
            </>
          )}
        </div>
      </Card>
      <p className="mt-4 flex items-center justify-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
        <Lock className="h-3 w-3" aria-hidden="true" />
        Payments in this installation are simulated.
      </p>
    </div>
  );
}
