// Every namespace is one JSON file per language: locales/<lang>/<namespace>.json.
// Keeping namespaces in separate files lets screens own their words; locales.test.ts fails
// when a key exists in one language and not the other.
//
// A visitor downloads one language, and of it only what the page needs: each language's core
// namespaces are one chunk (locales/<lang>/index.ts), loaded before the first paint; the large
// namespaces of screens behind sign-in or off the landing path (LAZY_NAMESPACES) are chunks of
// their own, loaded by the routes that use them (routes.tsx) before they render.
import type { LanguageResources, Messages } from './language-module';

export const SUPPORTED_LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export type { LanguageResources, Messages };

/** Namespaces not in the core chunk; every other locales/<lang>/*.json file is core. */
export const LAZY_NAMESPACES = [
  'legal',
  'dashboard',
  'activity',
  'strava',
  'analytics',
  'predictive',
  'formulas',
  'advanced',
  'comparative',
  'fitting',
  'health',
  'live',
  'garage',
  'settings',
  // The training plan's words (workout library, phases): no landing text, and in the core chunk
  // they put the landing page over its JavaScript budget. Athlete settings and onboarding words are
  // only on their screens (settings, profile, onboarding), which load them.
  'plan',
  'athlete',
  'onboarding',
  // Ride list, import and garage words: only on signed-in screens (every one loads them, as the app's
  // navigation names them) and onboarding; in the core chunk they put the landing page at its budget.
  'activities',
  'sync',
  'bikes',
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

export interface LanguageModule {
  core: LanguageResources;
  lazy: Record<LazyNamespace, () => Promise<Messages>>;
}

// Each chunk's lazy loaders are keyed by its files' names, LAZY_NAMESPACES (locales.test.ts checks).
const loaders: Record<Language, () => Promise<LanguageModule>> = {
  es: () => import('./locales/es/index') as Promise<LanguageModule>,
  en: () => import('./locales/en/index') as Promise<LanguageModule>,
};

export function loadLanguage(language: Language): Promise<LanguageModule> {
  return loaders[language]();
}

export function isLanguage(value: unknown): value is Language {
  return value === 'es' || value === 'en';
}
