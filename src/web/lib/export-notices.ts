import type { ExportKind } from '../../domain/csv';
import {
  exportSuccessDescription,
  invoicesExportedDescription,
  NO_INVOICES_SELECTED,
  NO_INVOICES_SELECTED_DESCRIPTION,
  NO_ORDERS_SELECTED,
  NO_ORDERS_SELECTED_DESCRIPTION,
  NO_PANELS_SELECTED,
  NO_PANELS_SELECTED_DESCRIPTION,
} from '../../domain/messages';
import type { ExportJob } from './run-export';

/** What an export of each kind says (docs/product.md §5, §8), whichever page runs it. */
export const EXPORT_FILE_NOTICES: Record<
  ExportKind,
  Pick<ExportJob<unknown>, 'nothingSelected' | 'successDescription'>
> = {
  orders: {
    nothingSelected: { title: NO_ORDERS_SELECTED, description: NO_ORDERS_SELECTED_DESCRIPTION },
    successDescription: (n) => exportSuccessDescription(n, 'orders'),
  },
  admin_panels: {
    nothingSelected: { title: NO_PANELS_SELECTED, description: NO_PANELS_SELECTED_DESCRIPTION },
    successDescription: (n) => exportSuccessDescription(n, 'panels'),
  },
  purchase_history: {
    nothingSelected: { title: NO_INVOICES_SELECTED, description: NO_INVOICES_SELECTED_DESCRIPTION },
    successDescription: invoicesExportedDescription,
  },
};
