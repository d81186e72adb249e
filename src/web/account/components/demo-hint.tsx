import { KeyRound } from 'lucide-react';
import { demoHint } from '../../../domain/messages';
import { useSite } from '../../lib/site';

/** Demo mode only (D2): both demo e-mails and the shared demo password. */
export function DemoHint() {
  const { demo } = useSite();
  if (!demo) return null;
  return (
    <div className="flex gap-3 rounded-lg border border-dashed border-brand-500/40 bg-brand-50/60 px-4 py-3 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/40 dark:text-slate-300">
      <KeyRound className="mt-0.5 h-4 w-4 shrink-0 text-brand-600 dark:text-indigo-300" aria-hidden="true" />
      <div className="min-w-0 space-y-1 break-words">
        <p>{demoHint(demo.adminEmail, demo.customerEmail)}</p>
        <p>
          Password:{' '}
          <code className="rounded bg-white px-1.5 py-0.5 font-mono text-xs dark:bg-slate-900">
            {demo.password}
          </code>
        </p>
      </div>
    </div>
  );
}
