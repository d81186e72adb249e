import { usePasswordReveal } from '../../lib/use-password-reveal';
import { revealPanelPasswords } from '../api/panels-api';

/** Show/hide of panel passwords for admins: each showing is written to the audit log (D7). */
export function useAdminPasswords() {
  return usePasswordReveal(
    async (id) => (await revealPanelPasswords([id], 'reveal')).get(id),
    'This panel no longer exists.',
  );
}
