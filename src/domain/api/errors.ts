import { z } from 'zod';

/** The one shape of every /api error (D14); src/web/lib/api.ts reads it into ApiRequestError. */
export const apiErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
