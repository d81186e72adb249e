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

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** The signed-in navigation of docs/product.md §2, in the documented order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin', label: 'Admin', icon: ShieldCheck, adminOnly: true },
  { to: '/billing', label: 'Billing', icon: CreditCard },
  { to: '/pricing', label: 'Pricing', icon: Tag },
  { to: '/help', label: 'Help', icon: LifeBuoy },
  { to: '/profile', label: 'Profile', icon: User },
  { to: '/settings', label: 'Settings', icon: Settings },
];

export const NEW_ORDER_PATH = '/new-order';
