/** A signed-in page's own heading and its line of context, the same on every such page. */
export function PageHeading({ title, description }: { title: string; description?: string | undefined }) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {title}
      </h1>
      {description && <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
    </>
  );
}
