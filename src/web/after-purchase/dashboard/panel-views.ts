import { pagedBoxes } from '../../lib/selection-boxes';
import type { PagedSelection } from '../../lib/use-paged-selection';
import type { ActivePanel } from '../api/dashboard-api';
import type { MyReplacement } from '../api/replacements-api';
import type { useRevealedPasswords } from './use-revealed-passwords';

/** What the table (wide screens) and the card list (phones) of active panels both receive. */
export interface PanelViewProps {
  /** The page of panels on screen (the server searched and paged them). */
  panels: readonly ActivePanel[];
  /** Kept across pages and searches: the rows themselves, so an export has them all. */
  selection: PagedSelection<ActivePanel>;
  passwords: ReturnType<typeof useRevealedPasswords>;
  /** Each panel's open replacement request, by panel id. */
  openRequests: ReadonlyMap<number, MyReplacement>;
}

export const noMatchText = (query: string) => `No panels match “${query.trim()}”.`;

/** The checkboxes of the active panels, the same on the table and on the phone cards. */
export const activePanelBoxes = (selection: PagedSelection<ActivePanel>) =>
  pagedBoxes(selection, { all: 'Select all panels on this page', row: (panel) => `Select ${panel.email}` });
