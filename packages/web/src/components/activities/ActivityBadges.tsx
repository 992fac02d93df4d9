import { ZapOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The ride type as a small pill (list card, details dialog, ride page). */
export function TypeBadge({ type }: { type: string }) {
  const { t } = useTranslation('activities');
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-700 dark:text-brand-500">
      {t(`types.${type}`, { defaultValue: type })}
    </span>
  );
}

/** A ride recorded without a power meter: its power numbers are missing, not zero. */
export function NoPowerBadge() {
  const { t } = useTranslation('activities');
  return (
    <span
      data-testid="no-power-badge"
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600 dark:bg-slate-700 dark:text-slate-300"
    >
      <ZapOff className="h-3 w-3" aria-hidden />
      {t('card.noPower')}
    </span>
  );
}
