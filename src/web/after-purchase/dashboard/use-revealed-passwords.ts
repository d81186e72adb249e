import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api';
import { revealPasswords } from './dashboard-api';

function without<K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

/**
 * Per-row show/hide of panel passwords. A password is fetched when shown and forgotten when
 * hidden, so it does not linger in memory and every showing is in the audit log (D7).
 */
export function useRevealedPasswords() {
  const [shown, setShown] = useState<ReadonlyMap<number, string>>(() => new Map());
  const [loading, setLoading] = useState<ReadonlyMap<number, true>>(() => new Map());

  const toggle = async (id: number) => {
    if (shown.has(id)) {
      setShown((m) => without(m, id));
      return;
    }
    setLoading((m) => new Map(m).set(id, true));
    try {
      const password = (await revealPasswords([id], 'reveal')).get(id);
      if (password === undefined) throw new Error('This panel is no longer active.');
      setShown((m) => new Map(m).set(id, password));
    } catch (error) {
      toast.error('Could not show the password', { description: errorMessage(error, 'Please try again.') });
    } finally {
      setLoading((m) => without(m, id));
    }
  };

  return {
    passwordOf: (id: number) => shown.get(id),
    isLoading: (id: number) => loading.has(id),
    toggle: (id: number) => void toggle(id),
  };
}
