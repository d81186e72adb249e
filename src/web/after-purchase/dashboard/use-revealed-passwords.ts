import { usePasswordReveal } from '../../lib/use-password-reveal';
import { revealPasswords } from '../api/dashboard-api';

/** Show/hide of the customer's own panel passwords; every showing is in the audit log (D7). */
export function useRevealedPasswords() {
  return usePasswordReveal(
    async (id) => (await revealPasswords([id], 'reveal')).get(id),
    'This panel is no longer active.',
  );
}
