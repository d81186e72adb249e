// Panels added to a bank transfer or crypto subscription wait for the money (D8,
// docs/decisions/0018-adding-panels.md): requested with an invoice of instructions, then paid
// when an admin records the transfer, or expired unpaid.

export const PANEL_ADDITION_STATUSES = ['pending', 'paid', 'expired'] as const;
export type PanelAdditionStatus = (typeof PANEL_ADDITION_STATUSES)[number];

/**
 * What the payer writes on the transfer: the order and the addition, so an admin matching the
 * money tells it from the order's own renewal (whose reference is the order alone).
 */
export const panelAdditionReference = (orderId: number, additionId: number) =>
  `ORDER-${orderId}-ADD-${additionId}`;
