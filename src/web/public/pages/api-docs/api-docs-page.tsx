import { PageHeader } from '../../components/page-header';
import { PublicLayout } from '../../layout/public-layout';
import type { PageMeta } from '../../meta';
import {
  AuthenticationSection,
  ErrorsSection,
  PagingSection,
  RateLimitsSection,
  RetriesSection,
} from './guide-sections';
import { ReferenceSection } from './reference-section';
import { WebhooksSection } from './webhooks-section';

export const meta: PageMeta = {
  title: 'API documentation',
  description:
    'Read your panels, orders and subscriptions with an API key, and receive signed webhooks when they change.',
};

const CONTENTS = [
  { id: 'authentication', label: 'Authentication' },
  { id: 'paging', label: 'Paging' },
  { id: 'rate-limits', label: 'Rate limits' },
  { id: 'retries', label: 'Retries and idempotency' },
  { id: 'errors', label: 'Errors' },
  { id: 'reference', label: 'Endpoints' },
  { id: 'webhooks', label: 'Webhooks' },
];

const tocLink =
  'block rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

/** /docs/api: the public API for people, from our own OpenAPI document, and how webhooks work. */
export default function ApiDocsPage() {
  return (
    <PublicLayout>
      <PageHeader eyebrow="Developers" title="API documentation">
        <p>
          Connect your own tools to your account: read panels, orders and subscriptions, and hear about
          changes.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-12 lg:px-8">
        <nav aria-label="On this page" className="mb-10 lg:mb-0">
          <div className="lg:sticky lg:top-24">
            <p className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              On this page
            </p>
            <ul className="mt-2 grid grid-cols-2 gap-x-2 sm:grid-cols-3 lg:grid-cols-1">
              {CONTENTS.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`} className={tocLink}>
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <div className="min-w-0 space-y-14">
          <AuthenticationSection />
          <PagingSection />
          <RateLimitsSection />
          <RetriesSection />
          <ErrorsSection />
          <ReferenceSection />
          <WebhooksSection />
        </div>
      </div>
    </PublicLayout>
  );
}
