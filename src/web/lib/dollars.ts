/**
 * Cents as a bare amount: '2900.00'. CSV cells keep it a number for spreadsheets (their
 * header already says "($)"), and the admin's amount field shows it ready to edit.
 */
export function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}
