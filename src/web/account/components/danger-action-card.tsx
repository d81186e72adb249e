import { type ReactNode, useState } from 'react';
import { SectionCard } from '../../layout/section-card';
import { DangerButton } from '../../ui/danger-button';

/** The card's dialog: open once its button is pressed, until it closes itself. */
export interface AskingDialog {
  open: boolean;
  onClose: () => void;
}

/**
 * A red card for one step that cannot be undone (deleting, leaving): what it costs beside the
 * button that starts it. The button only opens the card's dialog (its children), which asks.
 */
export function DangerActionCard({
  title,
  description,
  icon,
  warning,
  action,
  children,
}: {
  title: string;
  description: ReactNode;
  icon: ReactNode;
  /** What is lost, beside the button. */
  warning: ReactNode;
  /** The button's word. */
  action: string;
  /** The dialog that asks before anything happens. */
  children: (dialog: AskingDialog) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title={title} description={description} icon={icon} tone="danger">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400">{warning}</p>
        <DangerButton onClick={() => setOpen(true)} className="shrink-0">
          {action}
        </DangerButton>
      </div>
      {children({ open, onClose: () => setOpen(false) })}
    </SectionCard>
  );
}
