import { useEffect, useMemo, useState } from 'react';
import { useSandboxOffsetMs } from './sandbox-clock';

/**
 * The current time, refreshed every `intervalMs`, for texts that count down ("42 min left").
 * It is the business time the server's dates are in: ahead of the device's clock by the
 * sandbox clock's offset, where there is one.
 */
export function useNow(intervalMs = 30_000): Date {
  const offsetMs = useSandboxOffsetMs();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return useMemo(() => new Date(now + offsetMs), [now, offsetMs]);
}
