import { z } from 'zod';
import { sessionUserSchema } from '../account-schemas';
import { WORKSPACE_ROLES } from '../workspaces/roles';

// The account API (D9): declared by the server, checked by the web app. The inputs are the
// account forms' own schemas (src/domain/account-schemas.ts).

/** GET /api/me: anonymous is a normal answer (user: null), not an error. */
/** The session's workspace and the caller's role there; the web shows and hides actions by it. */
export const activeWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  personal: z.boolean(),
});
export type ActiveWorkspaceInfo = z.infer<typeof activeWorkspaceSchema>;

export const meSchema = z.object({
  user: sessionUserSchema.nullable(),
  workspace: activeWorkspaceSchema.nullable(),
});

// The stored values as they are: the input schema's normalising (an upper-cased country code)
// is for what comes in.
export const profileResponseSchema = z.object({
  fullName: z.string(),
  companyName: z.string(),
  phone: z.string(),
  country: z.string(),
  email: z.string(),
  memberSince: z.string(),
});
export type Profile = z.infer<typeof profileResponseSchema>;
