import type { ReactNode } from 'react';
import { SectionCard } from '../../layout/section-card';
import { DangerButton } from '../../ui/danger-button';

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
  onAction,
  children,
}: {
  title: string;
  description: ReactNode;
  icon: ReactNode;
  /** What is lost, beside the button. */
  warning: ReactNode;
  /** The button's word. */
  action: string;
  onAction: () => void;
  /** The dialog that asks before anything happens. */
  children: ReactNode;
}) {
  return (
    <SectionCard title={title} description={description} icon={icon} tone="danger">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400">{warning}</p>
        <DangerButton onClick={onAction} className="shrink-0">
          {action}
        </DangerButton>
      </div>
      {children}
    </SectionCard>
  );
}
