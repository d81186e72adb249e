import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '../../domain/constants';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });
}
