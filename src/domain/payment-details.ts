import { z } from 'zod';
import { CANCEL_REASONS } from './cancel-reasons';
import { ORDER_STATUSES } from './status';

// Where a customer sends a bank transfer or crypto payment (D6), as the operator configures
// it (src/server/config.ts) and as GET /api/orders/:id/payment-instructions serves it.

export const MANUAL_METHODS = ['bank_transfer', 'crypto'] as const;
export type ManualMethod = (typeof MANUAL_METHODS)[number];

export function isManualMethod(method: string): method is ManualMethod {
  return (MANUAL_METHODS as readonly string[]).includes(method);
}

export const bankDetailsSchema = z.object({
  accountName: z.string(),
  /** The IBAN or the account number, as the operator wrote it. */
  accountNumber: z.string(),
  /** SWIFT/BIC or a routing number; null when the operator gave none. */
  routing: z.string().nullable(),
  bankName: z.string().nullable(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

export const cryptoWalletSchema = z.object({
  /** 'BTC', 'USDC'. */
  currency: z.string(),
  /** 'Bitcoin', 'Ethereum': the chain matters as much as the address. */
  network: z.string(),
  address: z.string(),
});
export type CryptoWallet = z.infer<typeof cryptoWalletSchema>;

/** The order number as the customer writes it on the transfer, so an admin can match it. */
export const paymentReference = (orderId: number) => `Order ${orderId}`;

export const paymentInstructionsSchema = z.object({
  orderId: z.number(),
  method: z.enum(MANUAL_METHODS),
  status: z.enum(ORDER_STATUSES),
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  canceledAt: z.string().nullable(),
  planName: z.string(),
  quantity: z.number(),
  /**
   * What is owed now: the first payment of an order waiting for it (pay by the end of the
   * payment window), or the renewal of a running subscription (pay by the period end, or
   * within the grace period once past due). Null when nothing is owed.
   */
  due: z
    .object({
      kind: z.enum(['first_payment', 'renewal']),
      amountCents: z.number().int(),
      reference: z.string(),
      dueAt: z.string(),
    })
    .nullable(),
  /** The order's method's details, while something is due; null/empty otherwise. */
  bank: bankDetailsSchema.nullable(),
  wallets: z.array(cryptoWalletSchema),
  /** Demo mode's made-up details: shown with a warning, never to be paid. */
  example: z.boolean(),
  /** An order waiting for its first payment, which the customer may still cancel. */
  cancelable: z.boolean(),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;
