import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { cn } from '../../ui/cn';

/** How a section fades in, and how far (px) into the viewport it must come first. */
const SCROLL_ANIMATION = { durationMs: 800, easing: 'ease-out', offset: 100 } as const;

const style = (delayMs: number): CSSProperties => ({
  transitionProperty: 'opacity, translate',
  transitionDuration: `${SCROLL_ANIMATION.durationMs}ms`,
  transitionTimingFunction: SCROLL_ANIMATION.easing,
  transitionDelay: delayMs ? `${delayMs}ms` : undefined,
});

type State = 'new' | 'pending';
const states = new WeakMap<HTMLElement, State>();
let shared: IntersectionObserver | undefined;

function show(element: HTMLElement): void {
  if (states.get(element) === 'pending') element.dataset.reveal = 'shown';
  states.delete(element);
  shared?.unobserve(element);
}

/**
 * One observer for every Reveal. Its first report on an element says where the element is
 * without forcing a layout per element (reading positions one by one between writes made
 * the landing page lay out fifteen times while hydrating).
 */
function observer(): IntersectionObserver {
  shared ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        const state = states.get(element);
        if (!state) continue;
        const viewportBottom = (entry.rootBounds?.bottom ?? window.innerHeight) + SCROLL_ANIMATION.offset;
        if (entry.isIntersecting || (state === 'new' && entry.boundingClientRect.top < viewportBottom)) {
          // In view now, or already on screen when the page loaded: never hide what is being read.
          show(element);
        } else if (state === 'new') {
          element.dataset.reveal = 'pending';
          states.set(element, 'pending');
        }
      }
    },
    { rootMargin: `0px 0px -${SCROLL_ANIMATION.offset}px 0px` },
  );
  return shared;
}

/**
 * Fades and lifts its content into view the first time it scrolls into the viewport (D13:
 * 800 ms, ease-out, once, 100 px offset). The content is visible in the prerendered HTML and
 * without JavaScript: only after hydration is what lies below the fold hidden, to be revealed.
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
    const onFocus = () => show(element);
    states.set(element, 'new');
    observer().observe(element);
    element.addEventListener('focusin', onFocus);
    return () => {
      element.removeEventListener('focusin', onFocus);
      states.delete(element);
      shared?.unobserve(element);
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
