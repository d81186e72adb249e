import { useState } from 'react';
import { plural } from '../../../domain/format';
import { PROCESSING_NOTE } from '../../../domain/messages';
import { useNow } from '../../lib/use-now';
import { TableCard } from '../../ui/table-card';
import { TableOrCards } from '../../ui/table-or-cards';
import type { ProcessingOrder } from '../api/dashboard-api';
import { ProcessingCards } from './processing-cards';
import { panelsOnTheirWay, processingGroups } from './processing-rows';
import { ProcessingTable } from './processing-table';

/**
 * Panels paid for but not delivered yet (spec /dashboard, D7): one row per panel with the
 * spec's placeholders, grouped by order with the time left on the 6-hour promise. A table
 * from the sm breakpoint up, cards on a phone.
 */
export function ProcessingPanels({ processing }: { processing: readonly ProcessingOrder[] }) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const now = useNow();
  const view = {
    groups: processingGroups(processing, expanded),
    now,
    onShowAll: (orderId: number) => setExpanded((s) => new Set(s).add(orderId)),
  };
  const total = panelsOnTheirWay(processing);

  return (
    <TableCard
      title="Processing"
      level={3}
      description={`${plural(total, 'panel is', 'panels are')} being prepared. This page updates by itself.`}
      footer={PROCESSING_NOTE}
    >
      <TableOrCards table={<ProcessingTable {...view} />} cards={<ProcessingCards {...view} />} />
    </TableCard>
  );
}
