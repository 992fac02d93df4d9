import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthProvider';
import { createFormatter, type Formatter, type Units } from '../lib/format';

/** The rider's unit system: the profile's choice (the settings mirror it), metric by default. */
export function useUnits(): Units {
  const { profile, settings } = useAuth();
  return profile?.preferred_units ?? settings?.units ?? 'metric';
}

/** Formatting bound to the current language and the rider's units (see lib/format.ts). */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const units = useUnits();
  const language = i18n.language === 'es' ? 'es' : 'en';
  return useMemo(() => createFormatter(language, units), [language, units]);
}
