import type { SessionGuards } from '../auth/session';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import type { PaymentsService } from '../payments/payments-service';
import type { FulfillmentRunner } from '../provisioning/fulfillment-runner';

/** What the admin console needs from the app; services take only the parts they use. */
export interface AdminDeps {
  db: Database;
  guards: SessionGuards;
  payments: PaymentsService;
  fulfillment: FulfillmentRunner;
  cipher: PanelCipher;
  now: () => Date;
}
