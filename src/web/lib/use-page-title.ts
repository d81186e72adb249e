import { useEffect } from 'react';
import { useSite } from './site';

export function usePageTitle(title: string): void {
  const { brandName } = useSite();
  useEffect(() => {
    document.title = title ? `${title} | ${brandName}` : brandName;
  }, [title, brandName]);
}
