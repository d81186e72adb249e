import { useState } from 'react';
import { canReportProblem, replacementsUsedText } from '../../../domain/replacements';
import { formatDate } from '../../lib/dates';
import { useSite } from '../../lib/site';
import { useCan } from '../../lib/use-can';
import { textLinkClasses } from '../../ui/text-link';
import type { ActivePanel } from '../api/dashboard-api';
import type { MyReplacement } from '../api/replacements-api';
import { ReportProblemDialog } from './report-problem-dialog';

/**
 * On an active panel: its open replacement request in a line, or the 'Report a problem'
 * button that opens the report dialog (for the roles that report problems).
 */
export function PanelReplacement({ panel, open }: { panel: ActivePanel; open: MyReplacement | undefined }) {
  const [reporting, setReporting] = useState(false);
  const site = useSite();
  const canReport = useCan('panels.replace');
  if (open) {
    return (
      <span className="inline-flex flex-col text-xs whitespace-nowrap">
        <span className="font-medium text-amber-800 dark:text-amber-300">
          {open.waitingForStock ? 'Replacement approved' : 'Replacement requested'}
        </span>
        <span className="text-slate-600 dark:text-slate-400">
          {open.waitingForStock ? 'New panel on its way' : `Reported ${formatDate(open.createdAt)}`}
        </span>
      </span>
    );
  }
  // REPLACEMENTS_PER_PERIOD=0: the server refuses every report, so none is offered.
  if (site.replacementsPerPeriod === 0 || !canReport) return null;
  // The server would refuse it too: say why rather than offer a report that cannot succeed.
  if (!canReportProblem(panel.replacementsUsed, site.replacementsPerPeriod)) {
    return (
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {replacementsUsedText(site.replacementsPerPeriod)}
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setReporting(true)}
        aria-label={`Report a problem with ${panel.email}`}
        className={`${textLinkClasses} text-xs whitespace-nowrap`}
      >
        Report a problem
      </button>
      {reporting && <ReportProblemDialog panel={panel} onClose={() => setReporting(false)} />}
    </>
  );
}
