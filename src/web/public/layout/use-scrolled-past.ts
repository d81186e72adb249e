import { useEffect, useState } from 'react';

/**
 * True once the window is scrolled more than `threshold` pixels. Starts false, as the
 * prerendered page does, and reads the real position after hydration (a reload can restore
 * a scrolled position).
 */
export function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
