import { FileDown } from 'lucide-react';
import { toast } from 'sonner';
import { exportStartedText } from '../../lib/pager-labels';
import { buttonClasses } from '../../ui/button';

/**
 * "Export all matching" (D12): a plain download link to the server's CSV stream, so the
 * browser writes a million rows straight to disk instead of holding them in memory. The
 * browser reports the download itself; the toast says what is coming. Nothing matching means
 * nothing to export, and the server would refuse it, so the button is then disabled.
 */
export function ExportAllLink({
  href,
  total,
  totalIsEstimate,
  noun,
}: {
  href: string;
  total: number | undefined;
  totalIsEstimate: boolean;
  /** Singular, as in 'panel': 'All 134 matching panels', 'The 1 matching panel'. */
  noun: string;
}) {
  const classes = buttonClasses({ variant: 'outline', size: 'sm' });
  const label = (
    <>
      <FileDown className="h-4 w-4" aria-hidden="true" />
      Export all matching
    </>
  );
  if (!total) {
    return (
      <button type="button" className={classes} disabled>
        {label}
      </button>
    );
  }
  return (
    <a
      href={href}
      download
      className={classes}
      onClick={() =>
        toast.success('Export started', {
          description: exportStartedText(total, totalIsEstimate, noun),
        })
      }
    >
      {label}
    </a>
  );
}
