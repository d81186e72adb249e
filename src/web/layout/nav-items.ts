import {
  CreditCard,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Settings,
  ShieldCheck,
  Tag,
  User,
} from 'lucide-react';
import type { WorkspacePermission } from '../../domain/workspaces/roles';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
  /** Shown only to roles that hold it in the active workspace. */
  permission?: WorkspacePermission;
}

/** The signed-in navigation of docs/product.md §2, in the documented order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin', label: 'Admin', icon: ShieldCheck, adminOnly: true },
  { to: '/billing', label: 'Billing', icon: CreditCard, permission: 'billing.read' },
  { to: '/pricing', label: 'Pricing', icon: Tag },
  { to: '/help', label: 'Help', icon: LifeBuoy },
  { to: '/profile', label: 'Profile', icon: User },
  { to: '/settings', label: 'Settings', icon: Settings },
];

export const NEW_ORDER_PATH = '/new-order';
export const NEW_ORDER_PERMISSION: WorkspacePermission = 'orders.buy';
/** The workspace's members, invitations and roles: from the workspace menu and /settings. */
export const MEMBERS_PATH = '/settings/members';
