import { Plus } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../layout/section-card';
import { Button } from '../../ui/button';
import { textLinkClasses } from '../../ui/text-link';

/**
 * A settings card that holds a list the customer adds to (API keys, webhook endpoints): the
 * list, and below it how many it may hold, where the documentation is and the button that opens
 * `addDialog`.
 */
export function ListSettingsCard({
  id,
  title,
  description,
  icon,
  limit,
  docs,
  addLabel,
  addDialog: AddDialog,
  children,
}: {
  /** Names the section's heading: `${id}-title`. */
  id: string;
  title: string;
  description: string;
  icon: ReactNode;
  /** 'Up to 10 keys.' */
  limit: string;
  docs: { to: string; label: string };
  addLabel: string;
  addDialog: ComponentType<{ open: boolean; onClose: () => void }>;
  children: ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby={`${id}-title`}>
      <SectionCard
        titleId={`${id}-title`}
        title={title}
        description={description}
        icon={icon}
        footer={
          <>
            <p className="mr-auto text-sm text-slate-600 dark:text-slate-400">
              {limit}{' '}
              <Link to={docs.to} className={textLinkClasses}>
                {docs.label}
              </Link>
            </p>
            <Button onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {addLabel}
            </Button>
          </>
        }
      >
        {children}
        <AddDialog open={adding} onClose={() => setAdding(false)} />
      </SectionCard>
    </section>
  );
}
