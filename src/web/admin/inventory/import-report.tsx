import { plural } from '../../../domain/format';
import { Alert } from '../../ui/alert';
import { Cell, DataTable, HeadCell } from '../../ui/data-table';
import type { ImportReport as Report } from '../api/panels-api';
import { filledOrdersText, panelCount } from './filled-orders';

/** What an import did, row by row (D11): accepted count, every rejected row with its line and reason. */
export function ImportReport({ report }: { report: Report }) {
  const filled = filledOrdersText(report.filledOrders);
  const rejected = report.rejected.length;
  return (
    <div className="space-y-4">
      <Alert
        tone={report.accepted > 0 ? 'success' : 'info'}
        title={`${panelCount(report.accepted)} accepted`}
      >
        {rejected === 0
          ? 'Every row was imported.'
          : `${plural(rejected, 'row was', 'rows were')} rejected and skipped; the others went in.`}
        {filled && <p className="mt-1">{filled}</p>}
      </Alert>
      {rejected > 0 && (
        <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
          {/* Focusable, so a long report can be scrolled from the keyboard too. */}
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard to be scrolled
            tabIndex={0}
            aria-label="Rejected rows, scrollable"
            className="max-h-72 overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <DataTable label="Rejected rows">
              <thead>
                <tr>
                  <HeadCell className="w-16">Line</HeadCell>
                  <HeadCell>Email</HeadCell>
                  <HeadCell>Reason</HeadCell>
                </tr>
              </thead>
              <tbody>
                {report.rejected.map((row) => (
                  <tr key={`${row.line}-${row.email}`}>
                    <Cell className="tabular-nums">{row.line}</Cell>
                    <Cell className="break-all">{row.email || <span className="italic">(none)</span>}</Cell>
                    <Cell className="text-red-700 dark:text-red-300">{row.reason}</Cell>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </section>
        </div>
      )}
    </div>
  );
}
