import { z } from 'zod';
import { rowIdSchema, safeText } from '../input-bounds';
import { SANDBOX_SESSION_STATUSES } from '../status';

// Confirming a payment and the sandbox's hosted checkout (D6): declared by the server,
// checked by the web app.

export const verifyPaymentBodySchema = z.strictObject({
  sessionId: safeText(200).nullable().optional(),
  // The return page passes the order id from its query string, so it may come as text.
  orderId: z
    .union([
      rowIdSchema,
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number)
        .pipe(rowIdSchema),
    ])
    .nullable()
    .optional(),
});
export const verifiedPaymentSchema = z.object({ success: z.boolean() });

export const sandboxSessionParamsSchema = z.strictObject({ sessionId: safeText(100, { min: 1 }) });
export const sandboxSessionSchema = z.object({
  sessionId: z.string(),
  orderId: z.number(),
  planName: z.string(),
  additionalPanels: z.number(),
  quantity: z.number(),
  totalCents: z.number(),
  status: z.enum(SANDBOX_SESSION_STATUSES),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;
/** Where the browser goes once the sandbox checkout was paid or canceled. */
export const sandboxRedirectSchema = z.object({ redirectUrl: z.string() });
