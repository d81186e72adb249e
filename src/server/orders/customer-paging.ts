import { CUSTOMER_MAX_BROWSE_ROWS } from '../../domain/api/customer-paging';

/** The paging facts of a customer's page (src/domain/api/customer-paging.ts declares their shape). */
export function pageFacts(page: number, pageSize: number, total: number) {
  const browsable = Math.min(total, CUSTOMER_MAX_BROWSE_ROWS);
  return { page, pageSize, total, pageCount: Math.ceil(browsable / pageSize) };
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
