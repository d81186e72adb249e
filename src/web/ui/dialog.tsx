import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from './cn';

interface DialogProps {
  open: boolean;
  /** Called for Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** 'left' slides in from the left edge as a full-height drawer (the mobile menu). */
  placement?: 'center' | 'left';
  /** While false (a request is running), Escape and the backdrop do not close it. */
  dismissible?: boolean;
  className?: string;
}

const placements = {
  center:
    'm-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-slate-200 shadow-xl dark:border-slate-800 starting:open:scale-95 starting:open:opacity-0 transition-[opacity,scale] duration-150',
  left: 'mr-auto ml-0 h-dvh max-h-none w-80 max-w-[85vw] border-r border-slate-200 shadow-xl dark:border-slate-800 starting:open:-translate-x-full transition-transform duration-200 ease-out',
};

/**
 * A modal built on the native <dialog>: showModal() makes the rest of the page inert (focus
 * stays inside, screen readers see only the dialog) and Escape closes it, without any code of
 * ours that could get those details wrong. Content is mounted only while open, so each opening
 * starts from a clean state.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  placement = 'center',
  dismissible = true,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click handler is the backdrop's mouse equivalent of Escape (onCancel)
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // The browser would close the dialog itself; React state stays the one source of truth.
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the <dialog> element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
      className={cn(
        'bg-white p-0 text-slate-900 backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100',
        placements[placement],
        className,
      )}
    >
      {open && (
        <div className={cn('flex flex-col', placement === 'left' ? 'h-full' : 'max-h-[85dvh]')}>
          <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6">
            <div className="min-w-0 space-y-1">
              <h2 id={titleId} className="text-lg font-semibold tracking-tight">
                {title}
              </h2>
              {description && (
                <div id={descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
                  {description}
                </div>
              )}
            </div>
            <button
              type="button"
              onClick={onClose}
              disabled={!dismissible}
              aria-label="Close"
              className="-mt-1 -mr-2 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-4 pb-5 sm:px-6 sm:pb-6">{children}</div>
        </div>
      )}
    </dialog>
  );
}
