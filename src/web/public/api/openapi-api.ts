import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { openApiDocumentSchema } from '../pages/api-docs/openapi-model';

/** The server's own OpenAPI document, the one source of the reference on /docs/api. */
export const useOpenApiDocument = () =>
  useQuery({
    queryKey: ['openapi'],
    queryFn: () => api('/api/openapi.json', { schema: openApiDocumentSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  });
