import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from './api';

function without<K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

export interface PasswordReveal {
  /** The clear password while shown, undefined while masked. */
  passwordOf: (id: number) => string | undefined;
  isLoading: (id: number) => boolean;
  toggle: (id: number) => void;
  /** False for a role that may not see passwords: they stay masked, with no button. */
  canReveal: boolean;
}

/**
 * Per-row show/hide of panel passwords (masked by default). A password is fetched when shown and
 * forgotten when hidden, so it does not linger in memory and every showing reaches the server,
 * which writes it to the audit log.
 */
export function usePasswordReveal(
  /** The panel's password from the server; undefined when the panel is not there any more. */
  fetchPassword: (id: number) => Promise<string | undefined>,
  /** Why a panel's password could not be found, for the toast. */
  goneText: string,
  canReveal = true,
): PasswordReveal {
  const [shown, setShown] = useState<ReadonlyMap<number, string>>(() => new Map());
  const [loading, setLoading] = useState<ReadonlySet<number>>(() => new Set());

  const toggle = async (id: number) => {
    if (shown.has(id)) {
      setShown((m) => without(m, id));
      return;
    }
    setLoading((s) => new Set(s).add(id));
    try {
      const password = await fetchPassword(id);
      if (password === undefined) throw new Error(goneText);
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
    passwordOf: (id) => shown.get(id),
    isLoading: (id) => loading.has(id),
    toggle: (id) => void toggle(id),
    canReveal,
  };
}
