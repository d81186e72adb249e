import type { AdminPanel } from '../api/panels-api';

/**
 * The documented admin panel columns (Panel ID, Email, Password, Purchase Date, Status, Max Users),
 * written as the server's "Export all matching" writes them (src/server/admin/panels/export.ts):
 * the real inventory status and the full purchase timestamp. Every panel needs its password:
 * a blank cell would read as "no password".
 */
export function adminPanelCsvRows(panels: readonly AdminPanel[], passwords: ReadonlyMap<number, string>) {
  return panels.map((panel) => {
    const password = passwords.get(panel.id);
    if (password === undefined) throw new Error(`No password was returned for panel ${panel.id}.`);
    return [panel.id, panel.email, password, panel.purchaseDate ?? '', panel.status, panel.maxMailboxes];
  });
}
