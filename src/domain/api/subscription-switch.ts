import type { z } from 'zod';
import type { EndpointAccess, EndpointRoute } from './endpoint';
import { stateConflict } from './endpoint-errors';
import { ORDER_IN_PATH } from './path-params';

const SUBSCRIPTION_INACTIVE = stateConflict('subscription_inactive', 'the subscription is not active');

/** What the two declarations have in common, and the one thing that tells them apart. */
type SwitchDocs<A extends EndpointAccess, R extends Record<number, z.ZodType>> = typeof ORDER_IN_PATH & {
  access: A;
  errors: [typeof SUBSCRIPTION_INACTIVE];
  summary: string;
  response: R;
};

/**
 * A subscription's cancel-at-period-end switch (D8), both ways: POST `${path}/cancel` and
 * `${path}/resume` on the order that names the subscription. The two endpoints are the same
 * but for the path's last word and what the summary says; each answers 409 while the
 * subscription is not active. `declare` is the heading's declarer.
 */
export function subscriptionSwitch<E, A extends EndpointAccess, R extends Record<number, z.ZodType>>(
  declare: (route: EndpointRoute, docs: SwitchDocs<A, R>) => E,
  path: `/api/${string}/:orderId`,
  docs: { access: A; response: R },
  summaries: { cancel: string; resume: string },
): { cancel: E; resume: E } {
  const one = (action: 'cancel' | 'resume') =>
    declare(`POST ${path}/${action}`, {
      access: docs.access,
      errors: [SUBSCRIPTION_INACTIVE],
      summary: summaries[action],
      ...ORDER_IN_PATH,
      response: docs.response,
    });
  return { cancel: one('cancel'), resume: one('resume') };
}
