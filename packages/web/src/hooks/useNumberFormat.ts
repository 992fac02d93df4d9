import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats numbers for the current language: 0,90 in Spanish, 0.90 in English. */
export function useNumberFormat(): (value: number, fractionDigits?: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const cache = new Map<number, Intl.NumberFormat>();
    return (value: number, fractionDigits = 0) => {
      let format = cache.get(fractionDigits);
      if (!format) {
        format = new Intl.NumberFormat(language, {
          minimumFractionDigits: fractionDigits,
          maximumFractionDigits: fractionDigits,
        });
        cache.set(fractionDigits, format);
      }
      return format.format(value);
    };
  }, [language]);
}
