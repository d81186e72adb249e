import { toast } from 'sonner';
import { PANEL_BILLING_TEXTS } from '../../../domain/panel-billing';
import { errorMessage } from '../../lib/api';
import { useConfirmDialog } from '../../lib/use-dialog-submit';
import { Alert } from '../../ui/alert';
import { Dialog } from '../../ui/dialog';
import { CancelAndConfirm } from '../../ui/dialog-actions';
import type { ActivePanel } from '../api/dashboard-api';
import { useChangePanels } from '../api/panel-billing-api';
import { datesOf, type PanelBillingMode } from './panel-views';

/**
 * Confirms cancelling panels at their period end, or resuming them (D8): a canceled panel
 * stays active until that date and is then not renewed, with no pro-rated refund; it can be
 * resumed until then. The server's refusal, if any, shows in the dialog, which stays open.
 */
export function PanelBillingDialog({
  mode,
  panels,
  onClose,
  onDone,
}: {
  mode: PanelBillingMode;
  panels: readonly ActivePanel[];
  onClose: () => void;
  /** After the change: the selection it came from is cleared. */
  onDone?: () => void;
}) {
  const change = useChangePanels();
  const cancel = mode === 'cancel';
  const count = panels.length;
  const { busy, error, close, confirm } = useConfirmDialog(
    onClose,
    async () => {
      await change(
        panels.map((p) => p.id),
        cancel,
      );
      onDone?.();
      toast.success(cancel ? PANEL_BILLING_TEXTS.canceled(count) : PANEL_BILLING_TEXTS.resumed(count));
    },
    (caught) =>
      errorMessage(caught, cancel ? PANEL_BILLING_TEXTS.cancelFailed : PANEL_BILLING_TEXTS.resumeFailed),
  );
  const dates = datesOf(panels.map((p) => (cancel ? p.renewsAt : p.endsAt)));
  return (
    <Dialog
      open
      onClose={close}
      dismissible={!busy}
      title={cancel ? PANEL_BILLING_TEXTS.cancelTitle(count) : PANEL_BILLING_TEXTS.resumeTitle(count)}
      description={
        <span className="break-all">
          {count <= 3 ? panels.map((p) => p.email).join(', ') : `${count} panels selected`}
        </span>
      }
    >
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        {error && <Alert tone="error">{error}</Alert>}
        <p>
          {cancel
            ? PANEL_BILLING_TEXTS.cancelBody(count, dates)
            : PANEL_BILLING_TEXTS.resumeBody(count, dates)}
        </p>
        <CancelAndConfirm
          busy={busy}
          onCancel={close}
          cancelLabel={cancel ? 'Keep renewing' : 'Never mind'}
          label={
            cancel
              ? count === 1
                ? 'Cancel panel'
                : `Cancel ${count} panels`
              : count === 1
                ? 'Resume panel'
                : `Resume ${count} panels`
          }
          busyLabel={cancel ? 'Canceling...' : 'Resuming...'}
          onConfirm={() => void confirm()}
          tone={cancel ? 'danger' : 'primary'}
        />
      </div>
    </Dialog>
  );
}
