import { useEffect } from 'react';
import { toast } from 'sonner';

/**
 * The documented toast for a failed load, once per failure (errorUpdatedAt changes with each one).
 * A fixed id replaces a toast still on screen instead of stacking copies while a refresh
 * keeps failing.
 */
export function useLoadFailureToast(
  failed: boolean,
  errorUpdatedAt: number,
  id: string,
  title: string,
  description?: string,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorUpdatedAt is the trigger (a new failure), not an input
  useEffect(() => {
    if (failed) toast.error(title, { id, description });
  }, [failed, errorUpdatedAt, id, title, description]);
}
