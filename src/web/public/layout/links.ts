/** Navigation and footer links of docs/product.md §2. /blog and /careers have no page and are not linked (D10). */

export interface NavLink {
  to: string;
  label: string;
}

export const NAV_LINKS: readonly NavLink[] = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/features', label: 'Features' },
  { to: '/help', label: 'Support' },
];

export const FOOTER_GROUPS: readonly { title: string; links: readonly NavLink[] }[] = [
  {
    title: 'Product',
    links: [
      { to: '/pricing', label: 'Plans' },
      { to: '/features', label: 'Features' },
      { to: '/help', label: 'Support' },
      { to: '/security', label: 'Security' },
      { to: '/status', label: 'Delivery Status' },
      { to: '/docs/api', label: 'API' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/refund', label: 'Refund Policy' },
      { to: '/compliance', label: 'Compliance' },
    ],
  },
];
