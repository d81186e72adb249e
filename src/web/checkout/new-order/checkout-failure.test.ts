import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { startCheckout } from '../api/orders-api';
import { checkoutFailure } from './checkout-failure';

// 'Proceed to Payment' with the checkout request failing each way it can (docs/product.md §8):
// the request runs through the real api() with fetch mocked, and the order page's reading of
// the failure is checked as the texts it shows.

afterEach(() => vi.unstubAllGlobals());

const selection = { planId: 'pro', additionalPanels: 0, method: 'card' } as const;

function answer(body: string, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } })),
  );
}

/** The 'Order failed' toast with the reason it gives, and nothing inline. */
const orderFailed = (description: string) => ({
  kind: 'toast',
  title: 'Order failed',
  description,
  inline: null,
});

/** What an answer the page cannot use reads as: a toast, and the text under the button. */
const INVALID_ANSWER = {
  kind: 'toast',
  title: 'Unable to start checkout process',
  description: 'Invalid response from payment provider',
  inline: 'Unable to generate checkout URL. Please try again or contact support.',
};

/** What the page shows when the checkout request fails, or the checkout it opens. */
async function outcome() {
  try {
    return { opened: await startCheckout(selection) };
  } catch (error) {
    return checkoutFailure(error);
  }
}

describe('checkout failures on the order page', () => {
  it('no answer at all (fetch throws): Order failed, Error connecting to payment provider', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await outcome()).toEqual(orderFailed('Error connecting to payment provider'));
  });

  it('an answer without a url: the inline text and Unable to start checkout process', async () => {
    answer(JSON.stringify({ orderId: 7 }));
    expect(await outcome()).toEqual(INVALID_ANSWER);
  });

  it('an unparsable answer, or a url the browser must not follow, reads the same', async () => {
    answer('<html>Bad gateway</html>');
    expect(await outcome()).toEqual(INVALID_ANSWER);
    answer(JSON.stringify({ url: 42, orderId: 7 }));
    expect(await outcome()).toEqual(INVALID_ANSWER);
    answer(JSON.stringify({ url: 'javascript:alert(1)', orderId: 7 }));
    expect(await outcome()).toEqual(INVALID_ANSWER);
    answer(JSON.stringify({ url: '//evil.example/pay', orderId: 7 }));
    expect(await outcome()).toEqual(INVALID_ANSWER);
  });

  it('the server could not open the checkout: Order failed, Failed to create checkout session', async () => {
    const failed = orderFailed('Failed to create checkout session');
    answer(
      JSON.stringify({ error: { code: 'checkout_failed', message: 'Failed to create checkout session' } }),
      502,
    );
    expect(await outcome()).toEqual(failed);
    answer(
      JSON.stringify({ error: { code: 'internal_error', message: 'Something went wrong on our side.' } }),
      500,
    );
    expect(await outcome()).toEqual(failed);
    answer('<html>Service Unavailable</html>', 503);
    expect(await outcome()).toEqual(failed);
  });

  it("a refused selection keeps the server's reason", async () => {
    answer(
      JSON.stringify({
        error: { code: 'method_unavailable', message: 'This payment method is not available.' },
      }),
      400,
    );
    expect(await outcome()).toEqual(orderFailed('This payment method is not available.'));
  });

  it('an ended session asks to sign in', async () => {
    answer(JSON.stringify({ error: { code: 'unauthorized', message: 'Please sign in.' } }), 401);
    expect(await outcome()).toEqual({ kind: 'sign-in' });
  });

  it('a checkout that opens is followed, on our site or at the provider', async () => {
    answer(JSON.stringify({ url: '/checkout/sandbox/cs_1', orderId: 7 }));
    expect(await outcome()).toEqual({ opened: { url: '/checkout/sandbox/cs_1', orderId: 7 } });
    answer(JSON.stringify({ url: 'https://checkout.stripe.com/c/pay/cs_2', orderId: 8 }));
    expect(await outcome()).toEqual({
      opened: { url: 'https://checkout.stripe.com/c/pay/cs_2', orderId: 8 },
    });
  });

  it('anything else that goes wrong is the documented text for a failed checkout', () => {
    expect(checkoutFailure(new Error('navigation blew up'))).toMatchObject({
      title: 'Order failed',
      description: 'Failed to create checkout session',
    });
    expect(checkoutFailure(new ApiRequestError(401, 'unauthorized', 'x'))).toEqual({ kind: 'sign-in' });
  });
});
