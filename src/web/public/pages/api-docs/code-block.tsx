/** A block of code or a terminal command: scrolls sideways inside itself, never the page. */
export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <figure className="mt-4">
      <figcaption className="sr-only">{label}</figcaption>
      <pre
        // Focusable so keyboard users can scroll a long line (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm leading-6 text-slate-100 ring-1 ring-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-slate-950"
      >
        <code className="font-mono">{children}</code>
      </pre>
    </figure>
  );
}
