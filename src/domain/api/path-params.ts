import { z } from 'zod';
import { idParamsSchema, rowIdParamSchema } from '../input-bounds';

// The rows a path names most, with the example the document shows for each: the customer's
// pages and the public API name them alike, so each is declared once.

/** An order, or the subscription it is. */
export const orderParamsSchema = z.strictObject({ orderId: rowIdParamSchema });
export const panelParamsSchema = z.strictObject({ panelId: rowIdParamSchema });

export const ORDER_IN_PATH = { example: { params: { orderId: '42' } }, params: orderParamsSchema };
export const PANEL_IN_PATH = { example: { params: { panelId: '17' } }, params: panelParamsSchema };
/** Where a route calls the order `id`: the admin's, and the customer's checkout status and how to pay. */
export const ORDER_ID_IN_PATH = { example: { params: { id: '42' } }, params: idParamsSchema };
