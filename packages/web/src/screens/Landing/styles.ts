// Class names shared by the landing sections, so buttons and links look the same everywhere.

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2';

export const linkButton = {
  primary: `${base} bg-brand-600 px-5 py-3 text-white shadow-lg shadow-brand-600/20 hover:bg-brand-700 focus-visible:outline-brand-600`,
  secondary: `${base} border border-slate-300 bg-white px-5 py-3 text-slate-800 hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-brand-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`,
  light: `${base} bg-white px-5 py-3 text-brand-700 shadow-lg hover:bg-brand-50 focus-visible:outline-white`,
  outlineLight: `${base} border border-white/60 px-5 py-3 text-white hover:bg-white/10 focus-visible:outline-white`,
  smallPrimary: `${base} bg-brand-600 px-3.5 py-2 text-sm text-white hover:bg-brand-700 focus-visible:outline-brand-600`,
  smallGhost: `${base} px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-600 dark:text-slate-200 dark:hover:bg-slate-800`,
} as const;

export const focusRing =
  'rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Sections sit under a sticky 64 px bar: keep their headings visible after an in-page jump. */
export const sectionClass = 'scroll-mt-20 focus:outline-none';

export const containerClass = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';
