// The charge id of panels added to a running period: it names the order and its quantity before
// the addition, so one addition is never charged twice, and an invoice can tell the charge apart.

const PREFIX = 'add_panels_';

export const addedPanelsChargeId = (orderId: number, quantityBefore: number) =>
  `${PREFIX}${orderId}_${quantityBefore}`;

export const isAddedPanelsCharge = (chargeId: string | null) => chargeId?.startsWith(PREFIX) === true;
