import { USERS_PER_PANEL } from '../../../../domain/constants';
import { groupDigits } from '../../../../domain/format';
import { CheckCircle2 } from '../../../lib/icons/check-circle-2';
import { LayoutGrid } from '../../../lib/icons/layout-grid';

// A drawing of the dashboard's panel list, to show what a customer manages. It is decoration
// (aria-hidden), labelled "Example", and shows no credentials.
const EXAMPLE_PANELS = [
  { name: 'Panel A', used: 1840 },
  { name: 'Panel B', used: 1215 },
  { name: 'Panel C', used: 430 },
];

export function PanelPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-lg lg:max-w-none">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl shadow-brand-600/10 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-center justify-between">
          <div className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <LayoutGrid className="h-5 w-5 text-brand-600 dark:text-indigo-400" />
            Admin Panels
          </div>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            Example
          </span>
        </div>
        <ul className="mt-5 space-y-4">
          {EXAMPLE_PANELS.map((panel) => (
            <li key={panel.name} className="rounded-xl border border-slate-100 p-4 dark:border-slate-800">
              <div className="flex items-center justify-between text-sm">
                <span className="font-medium text-slate-900 dark:text-white">{panel.name}</span>
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
                  <CheckCircle2 className="h-3.5 w-3.5" />
                  Active
                </span>
              </div>
              <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
                <div
                  className="h-full rounded-full bg-brand-600 dark:bg-indigo-400"
                  style={{ width: `${(panel.used / USERS_PER_PANEL) * 100}%` }}
                />
              </div>
              <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                {groupDigits(panel.used)} of {groupDigits(USERS_PER_PANEL)} mailboxes
              </p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
