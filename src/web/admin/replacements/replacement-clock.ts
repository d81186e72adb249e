import { DELIVERY_HOURS } from '../../../domain/constants';

/** A reported panel is answered within the delivery promise, counted from the report. */
export const replacementDeadline = (createdAt: string) =>
  new Date(new Date(createdAt).getTime() + DELIVERY_HOURS * 3_600_000).toISOString();
