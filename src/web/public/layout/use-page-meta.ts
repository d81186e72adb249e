import { useEffect } from 'react';
import { useSite } from '../../lib/site';
import { documentTitle } from '../meta';
import { useSiteNavigation } from './site-navigation';

/**
 * Keeps <title> and the meta description in step with the page while the visitor navigates in
 * the browser. The server writes the same values into the prerendered HTML.
 */
export function usePageMeta(): void {
  const { brandName } = useSite();
  const meta = useSiteNavigation().usePageMeta();
  useEffect(() => {
    if (!meta) return;
    document.title = documentTitle(meta, brandName);
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta, brandName]);
}
