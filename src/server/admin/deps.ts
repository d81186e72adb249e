import type { RefundService } from '../billing/refunds/refund-service';
import type { ManualRenewals } from '../billing/subscriptions/record-renewal';
import type { SandboxClockControl } from '../clock/advance';
import type { Config } from '../config';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import type { OutboxRunner } from '../outbox/runner';
import type { PaymentsService } from '../payment-events/service';
import type { FulfillmentRunner } from '../provisioning/fulfillment-runner';
import type { SweepReader } from './system/service';

/** What the admin console needs from the app; services take only the parts they use. */
export interface AdminDeps {
  db: Database;
  /** The brand and public address the e-mails of admin decisions carry. */
  config: Config;
  guards: AccessGuards;
  payments: PaymentsService;
  /** Bank transfer and crypto renewals an admin records by hand (D8). */
  renewals: ManualRenewals;
  fulfillment: FulfillmentRunner;
  refunds: RefundService;
  cipher: PanelCipher;
  now: () => Date;
  /** How each sweep's rounds went in this process (the System view). */
  sweeps: SweepReader;
  /** Sends right after a commit the e-mails an admin decision queued (the rest wait for the outbox's timer). */
  outbox: Pick<OutboxRunner, 'kick'>;
  /** Null unless card payments run on the sandbox: then the clock screen's endpoints do not exist. */
  sandboxClock: SandboxClockControl | null;
}
