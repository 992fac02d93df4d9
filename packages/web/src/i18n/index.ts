import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language, namespaces, resources } from './resources';

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

export function setLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

const initial = detectLanguage();
document.documentElement.lang = initial;

void i18n.use(initReactI18next).init({
  resources,
  ns: namespaces,
  defaultNS: 'common',
  lng: initial,
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
