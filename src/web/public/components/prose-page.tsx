import type { ReactNode } from 'react';
import { POLICIES_UPDATED } from '../../lib/terms';
import { PublicLayout } from '../layout/public-layout';
import type { PageMeta } from '../meta';
import { PageHeader } from './page-header';
import { PolicyDate, Prose } from './prose';

/** A page of long-form text under a header (about, the policies). */
export function ProsePage({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <PublicLayout>
      <PageHeader eyebrow={eyebrow} title={title}>
        {intro}
      </PageHeader>
      <Prose>{children}</Prose>
    </PublicLayout>
  );
}

/**
 * A legal page: every policy carries the date the policies last changed. Its heading is its
 * page title, so the tab and the page name the policy alike.
 */
export function PolicyPage({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  return (
    <ProsePage eyebrow="Legal" title={meta.title} intro={<PolicyDate date={POLICIES_UPDATED} />}>
      {children}
    </ProsePage>
  );
}
