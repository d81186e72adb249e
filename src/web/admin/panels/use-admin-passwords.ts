import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api';
import { revealPanelPasswords } from '../api/panels-api';

function without<K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

/**
 * Per-row show/hide of panel passwords for admins (docs/product.md §6: masked by default). Each
 * showing asks the server, which writes it to the audit log (D7); hiding forgets the password.
 */
export function useAdminPasswords() {
  const [shown, setShown] = useState<ReadonlyMap<number, string>>(() => new Map());
  const [loading, setLoading] = useState<ReadonlySet<number>>(() => new Set());

  const toggle = async (id: number) => {
    if (shown.has(id)) {
      setShown((m) => without(m, id));
      return;
    }
    setLoading((s) => new Set(s).add(id));
    try {
      const password = (await revealPanelPasswords([id], 'reveal')).get(id);
      if (password === undefined) throw new Error('This panel no longer exists.');
      setShown((m) => new Map(m).set(id, password));
    } catch (error) {
      toast.error('Could not show the password', { description: errorMessage(error, 'Please try again.') });
    } finally {
      setLoading((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  };

  return {
    passwordOf: (id: number) => shown.get(id),
    isLoading: (id: number) => loading.has(id),
    toggle: (id: number) => void toggle(id),
  };
}
