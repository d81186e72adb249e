import { Button } from '../../ui/button';

/** A settings card's foot: whether there are changes to save, and the button that saves them. */
export function SaveFooter({
  dirty,
  busy,
  onSave,
  label,
}: {
  dirty: boolean;
  busy: boolean;
  onSave: () => void;
  label: string;
}) {
  return (
    <>
      <p role="status" className="mr-auto text-sm text-slate-600 dark:text-slate-400">
        {dirty ? 'You have unsaved changes.' : ''}
      </p>
      <Button onClick={onSave} disabled={busy}>
        {busy ? 'Saving...' : label}
      </Button>
    </>
  );
}
