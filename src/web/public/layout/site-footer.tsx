import type { ReactNode } from 'react';
import type { SiteInfo } from '../../../domain/site';
import type { Icon } from '../../lib/icons/icon';
import { Mail } from '../../lib/icons/mail';
import { MapPin } from '../../lib/icons/map-pin';
import { Phone } from '../../lib/icons/phone';
import { useSite } from '../../lib/site';
import { ThemeToggle } from '../../theme/theme-toggle';
import { SupportEmailLink } from '../components/support-email-link';
import { FOOTER_GROUPS } from './links';
import { Logo } from './logo';
import { Link } from './site-navigation';

const SOCIAL_LABELS: Record<keyof SiteInfo['social'], string> = {
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  github: 'GitHub',
};

/** tel: links work best with digits only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const linkClass =
  'rounded-sm text-sm text-slate-600 hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-slate-400 dark:hover:text-white';

/** One way to reach us: its icon, its name for screen readers, then the address itself. */
function ContactLine({ icon: Icon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="sr-only">{`${label}:`}</span>
      {children}
    </li>
  );
}

/**
 * Footer of docs/product.md §2: link groups, support contact and location (D1), social links only
 * when configured (D1), a theme toggle and the copyright line with the current year.
 */
export function SiteFooter() {
  const site = useSite();
  const social = (Object.keys(SOCIAL_LABELS) as (keyof SiteInfo['social'])[]).flatMap((key) => {
    const url = site.social[key];
    return url ? [{ key, url, label: SOCIAL_LABELS[key] }] : [];
  });
  const year = new Date().getFullYear();

  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-14 sm:grid-cols-3 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="col-span-2 space-y-4 sm:col-span-3 lg:col-span-2">
          <Logo />
          <p className="max-w-sm text-sm leading-6 text-slate-600 dark:text-slate-400">
            Admin panels for hosted mailboxes, billed monthly with no per-user fees.
          </p>
          <ul className="space-y-2 text-sm text-slate-600 dark:text-slate-400">
            <ContactLine icon={Mail} label="Email">
              <SupportEmailLink className={linkClass} />
            </ContactLine>
            <ContactLine icon={Phone} label="Phone">
              <a href={telHref(site.supportPhone)} className={linkClass}>
                {site.supportPhone}
              </a>
            </ContactLine>
            <ContactLine icon={MapPin} label="Location">
              <span>{site.location}</span>
            </ContactLine>
          </ul>
          {social.length > 0 && (
            <ul className="flex flex-wrap gap-4" aria-label="Social media">
              {social.map((s) => (
                <li key={s.key}>
                  <a href={s.url} className={linkClass} rel="noopener noreferrer" target="_blank">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {FOOTER_GROUPS.map((group) => (
          <div key={group.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{group.title}</h2>
            <ul className="mt-4 space-y-3">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 sm:flex-row sm:px-6 lg:px-8">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {`© ${year} ${site.brandName}. All rights reserved.`}
          </p>
          <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <span>Theme</span>
            <ThemeToggle />
          </div>
        </div>
      </div>
    </footer>
  );
}
