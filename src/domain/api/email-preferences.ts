import { z } from 'zod';

// The one-click preference link of every e-mail (docs/decisions/0008): declared by the server.

export const preferenceTokenQuerySchema = z.strictObject({
  token: z
    .string()
    .max(512)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'Not a preference link.'),
});

export const preferenceTurnedOffSchema = z.object({
  preference: z.string(),
  label: z.string(),
  enabled: z.literal(false),
});
