import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  AUTH_REQUIRED,
  AUTH_REQUIRED_ACTION,
  AUTH_REQUIRED_DESCRIPTION,
  PLAN_REQUIRED,
  PLAN_REQUIRED_DESCRIPTION,
} from '../../../domain/messages';
import { loginPathFor } from '../../lib/redirect';
import { useSessionActions } from '../../lib/session';
import { startCheckout } from '../api/orders-api';
import { rememberCurrentOrder } from '../current-order';
import { isSitePath } from '../payment/safe-redirect';
import { checkoutFailure } from './checkout-failure';
import type { OrderSelection } from './order-selection';

/**
 * 'Proceed to Payment' (docs/product.md §4, §5, §8): opens the checkout and goes to its URL,
 * with the documented messages for each way it can fail.
 */
export function useCheckout() {
  const navigate = useNavigate();
  const location = useLocation();
  const { refresh } = useSessionActions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const goToLogin = async () => {
    // The cached session still names the user; re-read it so /login does not send them back.
    await refresh().catch(() => undefined);
    await navigate(loginPathFor(location));
  };

  const submit = async ({ planId, additionalPanels, method }: OrderSelection) => {
    if (!planId) {
      toast.error(PLAN_REQUIRED, { description: PLAN_REQUIRED_DESCRIPTION });
      return;
    }
    setBusy(true);
    setError(null);
    let leavingSite = false;
    try {
      const { url, orderId } = await startCheckout({ planId, additionalPanels, method });
      rememberCurrentOrder(orderId);
      if (isSitePath(url)) {
        await navigate(url);
      } else {
        // Stripe's hosted page: a full page load; stay busy until the browser leaves.
        leavingSite = true;
        window.location.assign(url);
      }
    } catch (caught) {
      const failure = checkoutFailure(caught);
      if (failure.kind === 'sign-in') {
        toast.error(AUTH_REQUIRED, {
          description: AUTH_REQUIRED_DESCRIPTION,
          action: { label: AUTH_REQUIRED_ACTION, onClick: () => void goToLogin() },
        });
      } else {
        setError(failure.inline);
        toast.error(failure.title, { description: failure.description });
      }
    } finally {
      if (!leavingSite) setBusy(false);
    }
  };

  return { submit, busy, error };
}
