/** A delivery time for people: "45 min", "2 h", "1 h 45 min", "1 day 3 h" past a day. */
export function deliveryTimeText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours < 24) return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  const days = Math.floor(hours / 24);
  const leftHours = hours % 24;
  const dayText = `${days} day${days === 1 ? '' : 's'}`;
  return leftHours === 0 ? dayText : `${dayText} ${leftHours} h`;
}

/** A share from 0 to 1 as a whole percentage, never rounded up to a perfect record. */
export function shareText(share: number): string {
  const percent = Math.floor(share * 1000) / 10;
  return `${Number.isInteger(percent) ? percent.toFixed(0) : percent.toFixed(1)}%`;
}
