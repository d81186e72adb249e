import { expect as baseExpect, type Page } from '@playwright/test';
import { toast } from './admin-helpers';

// Each step moves the session (a new workspace, a sign-in) and loads the next page's chunks: on
// a machine shared with other runs that takes longer than the default 5 s now and then.
export const expect = baseExpect.configure({ timeout: 15_000 });

export const switcher = (page: Page) => page.getByRole('button', { name: /^Workspace:/ });
export const workspaceMenu = (page: Page) => page.getByRole('menu', { name: 'Workspace' });

/** Opens the workspace menu from the top bar and waits for its list. */
export async function openWorkspaceMenu(page: Page): Promise<void> {
  await switcher(page).click();
  await expect(workspaceMenu(page).getByRole('menuitemradio').first()).toBeVisible();
}

/** 'Create workspace' from the menu, as a person does: the session moves into the new one. */
export async function createWorkspaceFromMenu(page: Page, name: string): Promise<void> {
  await openWorkspaceMenu(page);
  await workspaceMenu(page).getByRole('menuitem', { name: 'Create workspace' }).click();
  const create = page.getByRole('dialog', { name: 'Create workspace' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create workspace' }).click();
  await expect(toast(page, `${name} is ready`)).toBeVisible();
  await expect(switcher(page)).toContainText(name);
}
