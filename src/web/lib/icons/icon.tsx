import { createElement, type SVGProps } from 'react';

// The storefront's icons, drawn exactly as lucide-react draws them (same elements, attributes and
// classes; the drawings are lucide's, ISC licence) by one small function: lucide-react's own
// component machinery is most of what the icons would add to the first page's download.
// The signed-in app keeps importing lucide-react. One module per icon, so a page's chunk
// carries only the icons it draws.

type IconNode = [tag: string, attributes: Record<string, string>][];

export type Icon = (props: SVGProps<SVGSVGElement>) => ReturnType<typeof createElement>;

/** Props that name the icon to assistive technology: then it is not hidden from it. */
function isLabelled(props: object): boolean {
  return Object.keys(props).some(
    (name) => (name.startsWith('aria-') && name !== 'aria-hidden') || name === 'role' || name === 'title',
  );
}

export function icon(name: string, node: IconNode, aliases: string[] = []): Icon {
  const classes = ['lucide', `lucide-${name}`, ...aliases.map((alias) => `lucide-${alias}`)].join(' ');
  return function LucideIcon({ className, children, ...props }) {
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: 24,
        height: 24,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? `${classes} ${className}` : classes,
        ...(children || isLabelled(props) ? {} : { 'aria-hidden': 'true' }),
        ...props,
      },
      ...node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
      children,
    );
  };
}
