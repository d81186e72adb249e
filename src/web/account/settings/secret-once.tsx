import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';

/**
 * A secret the server gives out once (an API key, a webhook signing secret): the whole text in
 * a read-only field that selects itself on focus, a copy button, and the warning that it will
 * not be shown again.
 */
interface SecretOnceProps {
  id: string;
  label: string;
  secret: string;
  copyLabel: string;
  copiedMessage: string;
  warning: string;
}

export function SecretOnce({ id, label, secret, copyLabel, copiedMessage, warning }: SecretOnceProps) {
  return (
    <div className="space-y-3">
      <div
        role="note"
        className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <p>{warning}</p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <textarea
          id={id}
          readOnly
          rows={2}
          value={secret}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        />
      </div>
      <CopyButton text={secret} label={copyLabel} copiedMessage={copiedMessage} />
    </div>
  );
}

/** What a create dialog turns into once the server answered: the secret, once, and Done. */
export function SecretOnceDialog({
  open,
  onClose,
  title,
  description,
  children,
  ...secret
}: SecretOnceProps & {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** Shown under the secret: where to read how to use it. */
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <div className="space-y-5">
        <SecretOnce {...secret} />
        {children}
        <DialogActions>
          <Button onClick={onClose}>Done</Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
