import { z } from 'zod';
import { type ErrorCode, errorCodeSchema } from './error-codes';

/** The one shape of every /api error (D14); src/web/lib/api.ts reads it into ApiRequestError. */
export const apiErrorSchema = z.object({ error: z.object({ code: errorCodeSchema, message: z.string() }) });

/** The same shape with only the codes given, for a document that says which codes an answer may carry. */
export const apiErrorSchemaOf = (codes: readonly [ErrorCode, ...ErrorCode[]]) =>
  z.object({ error: z.object({ code: errorCodeSchema.extract(codes), message: z.string() }) });
