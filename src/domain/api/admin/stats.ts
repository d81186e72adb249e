import { z } from 'zod';
import { countSchema } from './paging';

/** The admin stat cards (D11): declared by the server, checked by the web app. */
export const adminStatsSchema = z.object({
  totalPanels: countSchema.describe("'Available admin panels'"),
  activePanels: countSchema.describe("'Currently active admin panels'"),
  totalOrders: countSchema.describe("'Completed customer orders'"),
  waitingOrders: z.number().int(),
  panelsNeeded: z.number().int(),
  panelsShort: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
