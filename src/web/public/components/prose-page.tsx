import type { ReactNode } from 'react';
import { POLICIES_UPDATED } from '../../lib/terms';
import { PublicLayout } from '../layout/public-layout';
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

/** A legal page: every policy carries the date the policies last changed. */
export function PolicyPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ProsePage eyebrow="Legal" title={title} intro={<PolicyDate date={POLICIES_UPDATED} />}>
      {children}
    </ProsePage>
  );
}
