import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
} from 'react';
import type { PageMeta } from '../meta';

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export type SiteNavLinkProps = Omit<SiteLinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean }) => string);
};

export interface SiteLocation {
  pathname: string;
  hash: string;
}

export interface FrameProps {
  storefront: ReactNode;
  children: ReactNode;
}

/**
 * How the storefront links, learns where it is and frames a page for a signed-in user. The
 * signed-in app gives it the router's links (router-navigation.tsx); a prerendered page opened
 * first gives it plain links that bring the app in when followed (start-site.tsx), so the
 * first download of a public page carries no router and no query cache.
 */
export interface SiteNavigation {
  Link: ComponentType<SiteLinkProps>;
  useLocation(): SiteLocation;
  /** The meta of the page shown (its route handle in the app). */
  usePageMeta(): PageMeta | undefined;
  /** A page the signed-in navigation links to, for a signed-in user: the app's layout around it. */
  SignedInFrame: ComponentType<FrameProps>;
}

function PlainLink({ to, ...props }: SiteLinkProps) {
  return <a href={to} {...props} />;
}

/**
 * A page as the server prerenders it for a visitor: plain links, a fixed location, the storefront
 * frame. Also what a component rendered alone (outside any provider) gets.
 */
export function plainNavigation(location: SiteLocation, meta?: PageMeta): SiteNavigation {
  return {
    Link: PlainLink,
    useLocation: () => location,
    usePageMeta: () => meta,
    SignedInFrame: ({ storefront }) => storefront,
  };
}

const SiteNavigationContext = createContext<SiteNavigation>(plainNavigation({ pathname: '/', hash: '' }));

export const SiteNavigationProvider = SiteNavigationContext.Provider;

export function useSiteNavigation(): SiteNavigation {
  return useContext(SiteNavigationContext);
}

export function Link(props: SiteLinkProps) {
  const { Link: Implementation } = useSiteNavigation();
  return <Implementation {...props} />;
}

export function useSiteLocation(): SiteLocation {
  return useSiteNavigation().useLocation();
}

/** Same rule as the router's NavLink: the path itself or anything below it. */
export function isActivePath(pathname: string, to: string): boolean {
  if (pathname === to) return true;
  const end = to.endsWith('/') ? to.length - 1 : to.length;
  return pathname.startsWith(to) && pathname.charAt(end) === '/';
}

/** A link that knows whether it leads to the page shown (aria-current, and its classes). */
export function NavLink({ className, to, ...props }: SiteNavLinkProps) {
  const isActive = isActivePath(useSiteLocation().pathname, to);
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}

/** A left click without a modifier, on a link that opens in this tab: the app may take it. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}
