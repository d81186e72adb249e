import { useEffect } from 'react';

const BRAND = 'PanelHub';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND}` : BRAND;
  }, [title]);
}
