import { isOverdue, timeLeft } from '../../lib/time-left';

interface PromiseTime {
  text: string;
  breached: boolean;
}

function duration(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * Where an order stands against the 6-hour delivery promise (D7), for the operator: the time
 * left as the customer's dashboard counts it, or how late it already is.
 */
export function promiseTime(deadline: string, now: Date): PromiseTime {
  if (!isOverdue(deadline, now)) return { text: timeLeft(deadline, now), breached: false };
  return { text: `Late by ${duration(now.getTime() - new Date(deadline).getTime())}`, breached: true };
}
