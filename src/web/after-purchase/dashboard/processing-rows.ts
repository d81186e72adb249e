import type { ProcessingOrder } from '../api/dashboard-api';

/** How many waiting panels of one order are listed before a "show all" button. */
const PROCESSING_PREVIEW_ROWS = 5;

export interface ProcessingGroup {
  orderId: number;
  orderDate: string;
  deadline: string;
  /** 1 for the next order to be served from stock (docs/product.md §10). */
  queuePlace: number;
  /** Panels of this order still on their way. */
  missing: number;
  /** One key per listed row (spec: one row per processing panel). */
  rowKeys: string[];
  /** Rows not listed yet; the table offers to show them. */
  hiddenRows: number;
}

/**
 * The Processing table's rows: one per panel still on its way, grouped by order (each order
 * has its own 6-hour promise). A large order waiting for stock would otherwise fill the
 * screen with identical rows, so each group lists a few until the customer asks for all.
 */
export function processingGroups(
  processing: readonly ProcessingOrder[],
  expanded: ReadonlySet<number>,
  previewRows = PROCESSING_PREVIEW_ROWS,
): ProcessingGroup[] {
  return processing
    .filter((order) => order.missing > 0)
    .map((order) => {
      const listed = expanded.has(order.orderId) ? order.missing : Math.min(order.missing, previewRows);
      return {
        orderId: order.orderId,
        orderDate: order.orderDate,
        deadline: order.deadline,
        queuePlace: order.queuePlace,
        missing: order.missing,
        rowKeys: Array.from({ length: listed }, (_, i) => `${order.orderId}-${i + 1}`),
        hiddenRows: order.missing - listed,
      };
    });
}

/** Panels still on their way across all orders; while above zero the dashboard keeps refreshing. */
export function panelsOnTheirWay(processing: readonly ProcessingOrder[]): number {
  return processing.reduce((sum, order) => sum + Math.max(0, order.missing), 0);
}
