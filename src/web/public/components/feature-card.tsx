import type { Icon } from '../../lib/icons/icon';
import { Card } from '../../ui/card';

/** One feature in a grid of them: its icon in a tinted square, its name and a sentence or two. */
export function FeatureCard({
  icon: Icon,
  title,
  text,
  heading: Heading,
  className = 'h-full p-6',
}: {
  icon: Icon;
  title: string;
  text: string;
  /** The heading level under the section's own heading. */
  heading: 'h2' | 'h3';
  className?: string;
}) {
  return (
    <Card className={className}>
      <div className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-indigo-500/15 dark:text-indigo-300">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </div>
      <Heading className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{title}</Heading>
      <p className="mt-2 leading-7 text-slate-600 dark:text-slate-400">{text}</p>
    </Card>
  );
}
