import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language, type LazyNamespace, loadLanguage } from './resources';

const STORAGE_KEY = 'vatio.language';

/** The rider's stored choice wins; otherwise the browser's first preference, Spanish or English. */
export function detectLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** Lazy namespaces some route asked for: a language switch loads them too. */
const wanted = new Set<LazyNamespace>();

/** Adds a language's core texts and the wanted lazy namespaces it does not have yet. */
async function ensureLoaded(language: Language): Promise<void> {
  const module = await loadLanguage(language);
  if (!i18n.hasResourceBundle(language, 'common')) {
    for (const [namespace, messages] of Object.entries(module.core))
      i18n.addResourceBundle(language, namespace, messages, true, true);
  }
  await Promise.all(
    [...wanted]
      .filter((namespace) => !i18n.hasResourceBundle(language, namespace))
      .map(async (namespace) =>
        i18n.addResourceBundle(language, namespace, await module.lazy[namespace](), true, true),
      ),
  );
}

/** Loads lazy namespaces in the current language (routes call it before their screen renders). */
export async function ensureNamespaces(namespaces: readonly LazyNamespace[]): Promise<void> {
  for (const namespace of namespaces) wanted.add(namespace);
  const language = isLanguage(i18n.language) ? i18n.language : detectLanguage();
  await ensureLoaded(language);
}

export function setLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  void ensureLoaded(language).then(() => i18n.changeLanguage(language));
}

/** Starts i18next with the detected language's core texts; the app renders after it resolves. */
export async function initI18n(): Promise<void> {
  const initial = detectLanguage();
  document.documentElement.lang = initial;
  await i18n.use(initReactI18next).init({
    resources: {},
    defaultNS: 'common',
    lng: initial,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(initial);
}

export default i18n;
