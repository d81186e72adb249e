import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { SCROLL_ANIMATION } from '../../../domain/constants';
import { cn } from '../../ui/cn';

const style = (delayMs: number): CSSProperties => ({
  transitionProperty: 'opacity, translate',
  transitionDuration: `${SCROLL_ANIMATION.durationMs}ms`,
  transitionTimingFunction: SCROLL_ANIMATION.easing,
  transitionDelay: delayMs ? `${delayMs}ms` : undefined,
});

/**
 * Fades and lifts its content into view the first time it scrolls into the viewport (D13:
 * 800 ms, ease-out, once, 100 px offset). The content is visible in the prerendered HTML and
 * without JavaScript: only after hydration does the effect hide what is still below the fold.
 * Nothing moves under prefers-reduced-motion, and focusing hidden content reveals it at once.
 */
export function Reveal({
  children,
  className,
  delayMs = 0,
}: {
  children: ReactNode;
  className?: string;
  delayMs?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    // Already on screen, or scrolled past: hiding it now would make text the visitor reads blink.
    if (element.getBoundingClientRect().top < window.innerHeight - SCROLL_ANIMATION.offset) return;

    const show = () => {
      element.dataset.reveal = 'shown';
      observer.disconnect();
      element.removeEventListener('focusin', show);
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: `0px 0px -${SCROLL_ANIMATION.offset}px 0px`,
    });
    element.dataset.reveal = 'pending';
    observer.observe(element);
    element.addEventListener('focusin', show);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', show);
    };
  }, []);

  return (
    <div
      ref={ref}
      style={style(delayMs)}
      className={cn('data-[reveal=pending]:translate-y-8 data-[reveal=pending]:opacity-0', className)}
    >
      {children}
    </div>
  );
}
