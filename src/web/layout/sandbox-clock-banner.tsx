import { sandboxClockText } from '../../domain/sandbox-clock';
import { useSandboxOffsetMs } from '../lib/sandbox-clock';
import { useHydrated } from '../lib/use-hydrated';

/**
 * The strip itself: the last thing on the page, stuck to the bottom edge of the window while
 * the page runs past it (every layout is at least a screen tall), where no page keeps a
 * control (the navigation bars are at the top). In the flow, not fixed: it never covers the
 * footer's last line.
 */
export function SandboxClockStrip({ offsetMs }: { offsetMs: number }) {
  return (
    <aside
      aria-label="Sandbox clock"
      className="sticky bottom-0 z-[60] flex min-h-9 items-center justify-center border-t border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-sm font-semibold text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {sandboxClockText(offsetMs)}
    </aside>
  );
}

/**
 * Every page (public, customer, admin) says so while the sandbox clock runs ahead of real
 * time: the dates on it are the business time's. Never during hydration: public pages are
 * prerendered without it, and the offset is read from the facts each page is served with.
 */
export function SandboxClockBanner() {
  const hydrated = useHydrated();
  const offsetMs = useSandboxOffsetMs();
  if (!hydrated || offsetMs <= 0) return null;
  return <SandboxClockStrip offsetMs={offsetMs} />;
}
