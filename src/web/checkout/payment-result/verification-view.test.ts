// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PAYMENT_PENDING_TITLE } from '../../../domain/messages';
import { verificationView } from './verification-view';

describe('verificationView', () => {
  it('keeps the neutral state neutral: it is also where an order that was never paid ends', () => {
    for (const reason of ['no-ids', 'exhausted', 'error'] as const) {
      const view = verificationView({ phase: 'pending', reason });
      expect(view.title).toBe(PAYMENT_PENDING_TITLE);
      expect(view.subtitle).toMatch(/^If you completed the payment,/);
      expect(view.subtitle).toContain('If you did not, no payment was taken');
      expect(view.subtitle).not.toMatch(/no need to pay again/i);
    }
  });
});
