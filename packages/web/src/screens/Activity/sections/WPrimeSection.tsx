import { useTranslation } from 'react-i18next';
import type { ActivityAnalysis } from '../../../api/activity-types';
import { WPrimeChart } from '../../../components/charts/WPrimeChart';
import { cn } from '../../../components/ui/cn';
import { formulaHref } from '../../../lib/formula-links';
import { useFormat } from '../../../hooks/useFormat';
import { Section } from '../parts';

export function WPrimeSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const w = analysis.w_prime_balance;
  // CP and W′ are null only when the fit gave non-finite numbers: then there is nothing to draw against.
  if (!w || w.w_prime_j == null) return null;
  const unsupported = w.adjustment === 'unsupported';
  if (!unsupported && !w.series_j?.length) return null;
  const minJ = w.min_j;
  const kj = (j: number | null) => (j == null ? '—' : f.number(j / 1000, 1));
  // Which CP and W′ the curve is drawn with and why, in words (wPrimeBalanceParameters): the fitted
  // ones, or, when they would take the balance below zero, GoldenCheetah's minimum CP or a raised W′.
  const why = t(`wbal.adjustment.${w.adjustment}`, {
    cp: f.watts(w.cp_w),
    wprime: kj(w.w_prime_j),
    fittedCp: f.watts(w.fitted_cp_w),
    fittedWprime: kj(w.fitted_w_prime_j),
    fittedMin: kj(w.fitted_min_j),
  });
  return (
    <Section
      title={t('wbal.title')}
      subtitle={
        unsupported
          ? t('wbal.subtitleNone')
          : t('wbal.subtitle', { cp: f.watts(w.cp_w), wprime: f.number(w.w_prime_j / 1000, 1) })
      }
      testId="wbal"
    >
      {unsupported ? (
        <p className="text-2xl font-semibold text-slate-400 dark:text-slate-500" data-testid="wbal-none">
          —
        </p>
      ) : (
        <WPrimeChart
          seriesJ={w.series_j}
          label={t('wbal.series')}
          timeLabel={t('streams.time')}
          locale={f.language}
        />
      )}
      {minJ != null && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="wbal-min">
          {t('wbal.min', {
            value: f.number(minJ / 1000, 1),
            pct: f.number((minJ / w.w_prime_j) * 100, 0),
          })}
        </p>
      )}
      <p
        className={cn(
          'mt-2 text-sm',
          w.adjustment === 'none'
            ? 'text-slate-600 dark:text-slate-300'
            : 'rounded-lg bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200',
        )}
        data-testid="wbal-parameters"
        data-adjustment={w.adjustment}
      >
        {why}{' '}
        <a
          href={formulaHref('wPrimeBalanceParameters')}
          className="font-medium underline decoration-dotted underline-offset-4 hover:decoration-solid"
        >
          {t('wbal.howLink')}
        </a>
      </p>
    </Section>
  );
}
