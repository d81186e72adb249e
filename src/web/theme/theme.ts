/** Where the chosen theme is kept in localStorage; the privacy page names this key. */
export const THEME_STORAGE_KEY = 'ui-theme';

export type Theme = 'light' | 'dark' | 'system';

export function readStoredTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'system' || value === 'light' ? value : 'light';
  } catch {
    return 'light';
  }
}

function resolvesToDark(theme: Theme): boolean {
  return theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
}

/** Mirrors the inline script in index.html, which applies the theme before first paint. */
export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', resolvesToDark(theme));
}
