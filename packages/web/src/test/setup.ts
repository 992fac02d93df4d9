// Set-up of the `web` vitest project (component tests in jsdom): the app's real texts in both
// languages, a clean DOM and session after each test, and the few browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, vi } from 'vitest';
import { storeTokens } from '../api/client';
import type { Messages } from '../i18n/resources';

// Every namespace of both languages, loaded at once: a test renders a screen without its route,
// so nothing else would load the lazy namespaces (routes.tsx does that in the app).
const files = import.meta.glob<Messages>('../i18n/locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Messages>> = {};
for (const [path, messages] of Object.entries(files)) {
  const [, language, namespace] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? [];
  if (!language || !namespace) continue;
  resources[language] ??= {};
  resources[language][namespace] = messages;
}

await i18n.use(initReactI18next).init({
  resources,
  defaultNS: 'common',
  lng: 'en',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

// findBy… waits up to 5 s (1 s by default): the test machine is shared and a render can wait its turn.
configure({ asyncUtilTimeout: 5000 });

// React 19's act() warnings want this flag in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has no layout: charts size themselves through these; they only need to exist.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
window.scrollTo = (() => {}) as typeof window.scrollTo;
HTMLElement.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  storeTokens(null);
  localStorage.clear();
  vi.unstubAllGlobals();
});
