import { useState } from 'react';
import { Button } from '../../ui/button';
import { type AdminReplacement, replacePanel } from '../api/replacements-api';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useAdminAction } from '../shared/use-admin-action';
import { RejectReplacementDialog } from './reject-replacement-dialog';

/** Replace (from stock, or waiting for it) or reject one open request. */
export function ReplacementDecision({ request }: { request: AdminReplacement }) {
  const [open, setOpen] = useState<'replace' | 'reject' | null>(null);
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
    <div className="flex gap-2">
      {request.approvedAt === null && (
        <Button size="sm" onClick={() => setOpen('replace')} aria-label={`Replace ${request.panelEmail}`}>
          Replace
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen('reject')}
        aria-label={`Reject the report on ${request.panelEmail}`}
      >
        Reject
      </Button>
      <ConfirmDialog
        open={open === 'replace'}
        onClose={() => setOpen(null)}
        title={`Replace ${request.panelEmail}?`}
        confirmLabel="Replace panel"
        busyLabel="Replacing..."
        onConfirm={replace}
      >
        <p className="break-words">
          The oldest panel in stock goes to order #{request.orderId}, this panel is retired and the customer
          is e-mailed a link to the new credentials. With no panel in stock the request waits and is filled
          automatically when stock arrives, oldest first with waiting orders.
        </p>
      </ConfirmDialog>
      {open === 'reject' && <RejectReplacementDialog request={request} onClose={() => setOpen(null)} />}
    </div>
  );
}
