import type { Selection } from '../shared/use-selection';
import type { ActivePanel } from './dashboard-api';
import type { useRevealedPasswords } from './use-revealed-passwords';

/** What the table (wide screens) and the card list (phones) of active panels both receive. */
export interface PanelViewProps {
  /** The panels matching the search, in order. */
  panels: readonly ActivePanel[];
  selection: Selection;
  passwords: ReturnType<typeof useRevealedPasswords>;
  /** The search text, for the "nothing matches" line. */
  query: string;
}

export const noMatchText = (query: string) => `No panels match “${query.trim()}”.`;
