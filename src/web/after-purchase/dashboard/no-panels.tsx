import { Server } from 'lucide-react';
import { Link } from 'react-router';
import { NO_PANELS_YET, NO_PANELS_YET_DESCRIPTION } from '../../../domain/messages';
import { useCan } from '../../lib/use-can';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';

/**
 * The documented empty state for a customer without panels (none active, none on the way); the
 * way to buy one for the roles that buy.
 */
export function NoPanels() {
  const canBuy = useCan('orders.buy');
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <span
        aria-hidden="true"
        className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-indigo-950/60 dark:text-indigo-300"
      >
        <Server className="h-7 w-7" />
      </span>
      <p className="text-base font-semibold text-slate-900 dark:text-white">{NO_PANELS_YET}</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600 dark:text-slate-400">{NO_PANELS_YET_DESCRIPTION}</p>
      {canBuy && (
        <Link to="/new-order" className={buttonClasses({ className: 'mt-6' })}>
          Purchase Your First Panel
        </Link>
      )}
    </Card>
  );
}
