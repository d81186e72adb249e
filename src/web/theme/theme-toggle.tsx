import { Monitor } from '../lib/icons/monitor';
import { Moon } from '../lib/icons/moon';
import { Sun } from '../lib/icons/sun';
import { useHydrated } from '../lib/use-hydrated';
import type { Theme } from './theme';
import { useTheme } from './theme-provider';

const NEXT: Record<Theme, Theme> = { light: 'dark', dark: 'system', system: 'light' };
const LABEL: Record<Theme, string> = { light: 'Light theme', dark: 'Dark theme', system: 'System theme' };

/** Cycles light -> dark -> system; the label names the current theme for screen readers. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { theme: stored, setTheme } = useTheme();
  // Prerendered HTML cannot know the visitor's stored theme; show the default until hydrated.
  const theme = useHydrated() ? stored : 'light';
  const Icon = theme === 'light' ? Sun : theme === 'dark' ? Moon : Monitor;
  return (
    <button
      type="button"
      onClick={() => setTheme(NEXT[theme])}
      aria-label={`${LABEL[theme]} (switch to ${LABEL[NEXT[theme]].toLowerCase()})`}
      title={LABEL[theme]}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${className}`}
    >
      <Icon className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
