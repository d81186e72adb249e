import { useState } from 'react';

/**
 * Whether some work is under way: `track` runs it and is busy until it settles, whatever the
 * outcome (a failure goes on to the caller), so a button can stay off while it runs.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  };
  return { busy, track };
}
