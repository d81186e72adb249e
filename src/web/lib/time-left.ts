/** Said once the 6-hour delivery promise has passed: the order is late, and we say so. */
export const DELIVERY_OVERDUE = 'overdue — we are on it';

/**
 * Time left on the delivery promise: '5 h 12 min left', '42 min left', '3 h left'. Minutes
 * round up, so the text never claims the deadline has come while there is time left.
 */
export function timeLeft(deadline: string, now: Date): string {
  const ms = new Date(deadline).getTime() - now.getTime();
  if (!(ms > 0)) return DELIVERY_OVERDUE;
  const minutes = Math.ceil(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min left`;
  return rest === 0 ? `${hours} h left` : `${hours} h ${rest} min left`;
}

export function isOverdue(deadline: string, now: Date): boolean {
  return !(new Date(deadline).getTime() - now.getTime() > 0);
}
