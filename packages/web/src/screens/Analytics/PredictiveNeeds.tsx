import type { PredictiveResponse } from '@vatio/schemas';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { needLines } from './analyticsLoadFormat';

const WHERE: Record<string, string> = {
  power: '/activities',
  rides: '/activities',
  hard_efforts: '/activities',
  weight: '/profile',
  history: '/activities',
};

/** What the rider lacks for a prediction and how to get it, instead of any made-up number. */
export function PredictiveNeeds({ data }: { data: PredictiveResponse }) {
  const { t } = useTranslation('predictive');
  const lines = needLines(data.needs, data.counts);
  if (lines.length === 0) return null;
  return (
    <section
      data-testid="predictive-needs"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-900/30 dark:text-amber-100"
    >
      <h2 className="flex items-center gap-2 font-semibold">
        <Info className="h-4 w-4" aria-hidden />
        {t('needs.title')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {lines.map((line) => (
          <li key={line.key}>
            {t(`needs.${line.key}`, line.values)}{' '}
            <Link to={WHERE[line.key] ?? '/activities'} className="font-semibold underline">
              {t(`needs.${line.key}Action`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
