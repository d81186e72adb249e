// A subscription's period is one calendar month (D8).

/**
 * The same day and time one month later, in UTC. A day the next month lacks runs over into
 * the month after (Jan 31 -> Mar 3, or Mar 2 in a leap year), as JavaScript's Date does;
 * every period already recorded was computed so, and a renewal continues from the recorded
 * end, so the rule stays.
 */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
