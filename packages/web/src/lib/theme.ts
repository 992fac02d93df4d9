import type { Settings } from '../api/types';

/** Applies the rider's theme; 'system' follows the operating system's preference. */
export function applyTheme(theme: Settings['theme']): void {
  const dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}
