import { useCan } from '../../lib/use-can';
import { usePasswordReveal } from '../../lib/use-password-reveal';
import { revealPasswords } from '../api/dashboard-api';

/**
 * Show/hide of the customer's own panel passwords; every showing is in the audit log (D7). Only
 * for the roles that may see passwords: the others see them masked, with nothing to press.
 */
export function useRevealedPasswords() {
  const canReveal = useCan('panels.credentials');
  return usePasswordReveal(
    async (id) => (await revealPasswords([id], 'reveal')).get(id),
    'This panel is no longer active.',
    canReveal,
  );
}
