import { z } from 'zod';

// The public site's endpoints (D10): declared by the server; what the pages send is
// src/domain/contact.ts.

export const contactSentSchema = z.object({ status: z.literal('sent') });

/** /api/health and /api/ready. */
export const healthOkSchema = z.object({ status: z.literal('ok') });
