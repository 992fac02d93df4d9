// Every namespace is one JSON file per language: locales/<lang>/<namespace>.json.
// Keeping namespaces in separate files lets screens own their words; locales.test.ts fails
// when a key exists in one language and not the other.
export const SUPPORTED_LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

type Messages = { [key: string]: string | Messages };

const files = import.meta.glob<Messages>('./locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<Language, Record<string, Messages>> = { es: {}, en: {} };
for (const [path, messages] of Object.entries(files)) {
  const match = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match;
  if (language === 'es' || language === 'en') resources[language][namespace!] = messages;
}

export const namespaces = Object.keys(resources.en);

export function isLanguage(value: unknown): value is Language {
  return value === 'es' || value === 'en';
}
