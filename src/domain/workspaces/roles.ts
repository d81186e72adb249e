// What each member of a workspace may do (docs/decisions/0023-workspaces.md). One table: the
// endpoint declarations name a permission, the server's guard and the web's menus read this.

export const WORKSPACE_ROLES = ['owner', 'admin', 'billing', 'operator', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The roles an invitation or a role change may give: ownership is handed over, never invited. */
export const ASSIGNABLE_ROLES = [
  'admin',
  'billing',
  'operator',
  'viewer',
] as const satisfies readonly WorkspaceRole[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const WORKSPACE_PERMISSIONS = [
  /** Orders, their panels without passwords, the dashboard. */
  'orders.read',
  /** Buying: checkout, resuming or abandoning one, adding panels, paying a renewal now. */
  'orders.buy',
  /** Invoices, credit notes, the billing page, past-due notices, the tax treatment. */
  'billing.read',
  /** Cancel and resume, refund requests, the billing profile, the provider's portal, switching how a subscription is billed. */
  'billing.manage',
  /** Panel passwords: revealing them and exports that carry them. */
  'panels.credentials',
  /** Reporting a panel that stopped working. */
  'panels.replace',
  /** Members and invitations. */
  'members.manage',
  /** API keys and webhook endpoints. */
  'integrations.manage',
  /** Renaming the workspace. */
  'workspace.manage',
  /** Deleting the workspace and handing its ownership to another member. */
  'workspace.own',
] as const;
export type WorkspacePermission = (typeof WORKSPACE_PERMISSIONS)[number];

const EVERYTHING = WORKSPACE_PERMISSIONS;

export const ROLE_PERMISSIONS: Readonly<Record<WorkspaceRole, readonly WorkspacePermission[]>> = {
  owner: EVERYTHING,
  admin: EVERYTHING.filter((permission) => permission !== 'workspace.own'),
  billing: ['orders.read', 'orders.buy', 'billing.read', 'billing.manage'],
  operator: ['orders.read', 'panels.credentials', 'panels.replace'],
  viewer: ['orders.read'],
};

/** What the members page and the docs say each role is for. */
export const ROLE_TEXTS: Readonly<Record<WorkspaceRole, { label: string; summary: string }>> = {
  owner: {
    label: 'Owner',
    summary: 'Everything, including deleting the workspace and handing its ownership to another member.',
  },
  admin: { label: 'Admin', summary: 'Everything else, including members, API keys and webhooks.' },
  billing: {
    label: 'Billing',
    summary:
      'Orders, payment, cancel and resume, refunds, invoices and the billing profile; never panel passwords.',
  },
  operator: {
    label: 'Operator',
    summary: 'Panels with their passwords, exports and replacement reports; no billing, no members.',
  },
  viewer: { label: 'Viewer', summary: 'Reads orders and panels without passwords; changes nothing.' },
};

export function roleAllows(role: WorkspaceRole, permission: WorkspacePermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Whether `cap` holds every permission `role` has: "at most its creator's role" for a new key. */
export function roleWithin(role: WorkspaceRole, cap: WorkspaceRole): boolean {
  return ROLE_PERMISSIONS[role].every((permission) => ROLE_PERMISSIONS[cap].includes(permission));
}

/** The most a key of `role` may do while its creator holds `creatorRole`: only what both allow. */
export function keyAllows(
  role: WorkspaceRole,
  creatorRole: WorkspaceRole,
  permission: WorkspacePermission,
): boolean {
  return roleAllows(role, permission) && roleAllows(creatorRole, permission);
}

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return typeof value === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(value);
}

/** Workspaces one person may create. */
export const MAX_WORKSPACES_PER_PERSON = 100;
/** How long an invitation link works. */
export const INVITATION_VALID_HOURS = 48;
/**
 * New invitations one workspace may send in any 24 hours: more than any team brings in a day,
 * few enough that nobody uses our mail to write to strangers.
 */
export const INVITATIONS_PER_DAY = 50;
/** Resends of one invitation in any 24 hours (the first send not counted). */
export const INVITATION_RESENDS_PER_DAY = 3;
/** The name of the workspace each person starts with. */
export const PERSONAL_WORKSPACE_NAME = 'Personal';
export const WORKSPACE_NAME_MAX = 80;
