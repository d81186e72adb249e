import { type AdminReplacement, replacePanel } from '../api/replacements-api';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { DecisionButtons } from '../shared/decision-buttons';
import { useAdminAction } from '../shared/use-admin-action';
import { RejectReplacementDialog } from './reject-replacement-dialog';

/** Replace (from stock, or waiting for it) or reject one open request. */
export function ReplacementDecision({ request }: { request: AdminReplacement }) {
  const run = useAdminAction();
  const replace = () =>
    run(() => replacePanel(request.id), {
      success: (r) => ({
        title: r.status === 'replaced' ? 'Panel replaced' : 'Waiting for stock',
        description: r.message,
      }),
      failure: 'Could not replace the panel',
    });
  return (
    <DecisionButtons
      accept={
        request.approvedAt === null ? { label: 'Replace', name: `Replace ${request.panelEmail}` } : undefined
      }
      decline={{ label: 'Reject', name: `Reject the report on ${request.panelEmail}` }}
      confirmation={(dialog) => (
        <ConfirmDialog
          {...dialog}
          title={`Replace ${request.panelEmail}?`}
          confirm={{ label: 'Replace panel', busyLabel: 'Replacing...' }}
          onConfirm={replace}
        >
          <p className="break-words">
            The oldest panel in stock goes to order #{request.orderId}, this panel is retired and the customer
            is e-mailed a link to the new credentials. With no panel in stock the request waits and is filled
            automatically when stock arrives, oldest first with waiting orders.
          </p>
        </ConfirmDialog>
      )}
      refusal={(onClose) => <RejectReplacementDialog request={request} onClose={onClose} />}
    />
  );
}
