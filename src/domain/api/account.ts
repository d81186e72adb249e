import { z } from 'zod';
import { profileSchema, sessionUserSchema } from '../account-schemas';

// The account API (D9): declared by the server, checked by the web app. The inputs are the
// account forms' own schemas (src/domain/account-schemas.ts).

/** GET /api/me: anonymous is a normal answer (user: null), not an error. */
export const meSchema = z.object({ user: sessionUserSchema.nullable() });

export const profileResponseSchema = profileSchema.extend({ email: z.string(), memberSince: z.string() });
export type Profile = z.infer<typeof profileResponseSchema>;
