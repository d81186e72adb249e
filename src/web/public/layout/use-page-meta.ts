import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useSite } from '../../lib/site';
import { documentTitle, isPageMeta } from '../meta';

/**
 * Keeps <title> and the meta description in step with the page while the visitor navigates in
 * the browser. The server writes the same values into the prerendered HTML.
 */
export function usePageMeta(): void {
  const { brandName } = useSite();
  const handle = useMatches().at(-1)?.handle as { meta?: unknown } | undefined;
  const meta = isPageMeta(handle?.meta) ? handle.meta : undefined;
  useEffect(() => {
    if (!meta) return;
    document.title = documentTitle(meta, brandName);
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta, brandName]);
}
