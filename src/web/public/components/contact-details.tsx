import { Clock } from '../../lib/icons/clock';
import { Mail } from '../../lib/icons/mail';
import { MapPin } from '../../lib/icons/map-pin';
import { Phone } from '../../lib/icons/phone';
import { useSite } from '../../lib/site';
import { SUPPORT_HOURS, SUPPORT_RESPONSE } from '../../lib/terms';
import { textLinkClasses } from '../../ui/text-link';
import { SupportEmailLink } from './support-email-link';

/** Support e-mail, phone and location from configuration (D1), with the support hours of docs/product.md §1. */
export function ContactDetails() {
  const site = useSite();
  const rows = [
    {
      icon: Mail,
      label: 'Email',
      value: <SupportEmailLink className={textLinkClasses} />,
    },
    {
      icon: Phone,
      label: 'Phone',
      value: (
        <a className={textLinkClasses} href={`tel:${site.supportPhone.replace(/[^\d+]/g, '')}`}>
          {site.supportPhone}
        </a>
      ),
    },
    { icon: Clock, label: 'Support hours', value: `${SUPPORT_HOURS}. ${SUPPORT_RESPONSE}` },
    { icon: MapPin, label: 'Location', value: site.location },
  ];
  return (
    <dl className="space-y-5">
      {rows.map((row) => (
        // dt and dd must be direct children of the group for screen readers to pair them.
        <div key={row.label} className="relative min-h-10 pl-14">
          <dt className="text-sm font-semibold text-slate-900 dark:text-white">
            <span className="absolute top-0 left-0 flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-indigo-500/15 dark:text-indigo-300">
              <row.icon className="h-5 w-5" aria-hidden="true" />
            </span>
            {row.label}
          </dt>
          <dd className="mt-0.5 text-slate-600 dark:text-slate-300">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
