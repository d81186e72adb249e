import type { z } from 'zod';
import { api } from './api';

/**
 * One of the user's documents that the API reads with GET and replaces with PUT at the same
 * path (profile, settings, alert toggles): its query, to pass to useQuery, and its save, which
 * answers with the document as stored (for setQueryData).
 */
export function putResource<T, Body = T>(path: string, queryKey: readonly string[], schema: z.ZodType<T>) {
  return {
    query: { queryKey, queryFn: () => api(path, { schema }) },
    save: (body: Body) => api(path, { method: 'PUT', body, schema }),
  };
}
