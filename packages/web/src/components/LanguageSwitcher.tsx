import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { isLanguage, SUPPORTED_LANGUAGES } from '../i18n/resources';

/** Switches the interface language; signed-in riders also get it saved in their settings by the caller. */
export function LanguageSwitcher({ onChange }: { onChange?: (language: 'es' | 'en') => void }) {
  const { t, i18n } = useTranslation();
  return (
    <label className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
      <span className="sr-only">{t('language.label')}</span>
      <select
        data-testid="language-switcher"
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
        value={i18n.language}
        onChange={(event) => {
          const value = event.target.value;
          if (!isLanguage(value)) return;
          setLanguage(value);
          onChange?.(value);
        }}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
