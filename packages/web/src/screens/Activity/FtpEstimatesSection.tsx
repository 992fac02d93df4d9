import type { ActivityAnalysis } from '../../api/activity-types';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { type FormulaId, formulaHref } from '../../lib/formula-links';
import { useFormat } from '../../hooks/useFormat';
import { confidenceLevel, differenceFromUsedPct } from './ftpEstimatesView';
import { Missing, Section } from './parts';

type Estimate = ActivityAnalysis['ftp_estimates'][number];

/** The formulas heading that defines each estimator (docs/formulas/critical-power.md). */
const METHOD_FORMULA: Record<Estimate['method'], FormulaId> = {
  'best-20-min-95': 'ftpBest20Min',
  'cp-2p': 'ftpCp2p',
  'cp-3p': 'ftpCp3p',
  'spec-prototype-rule': 'ftpSpecRule',
};

const LEVEL_CLASS = {
  high: 'bg-emerald-500',
  medium: 'bg-amber-500',
  low: 'bg-slate-400',
} as const;

const linkClass =
  'font-medium text-brand-700 underline decoration-dotted underline-offset-4 hover:decoration-solid dark:text-orange-300';

/**
 * "FTP estimates from this ride" (spec 000 §1, §9): each estimate the ride's own bests support, with
 * its method in plain words and how far to trust it, beside the FTP the ride was measured against.
 */
export function FtpEstimatesSection({ analysis, noPower }: { analysis: ActivityAnalysis; noPower: boolean }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const estimates = analysis.ftp_estimates ?? [];
  const { ftp_w: ftpUsedW, ftp_source: ftpSource } = analysis.settings_used;
  return (
    <Section
      title={t('ftpEstimates.title')}
      subtitle={t('ftpEstimates.subtitle')}
      testId="ftp-estimates"
      actions={
        <a href={formulaHref('rideFtpEstimates')} className={cn(linkClass, 'text-sm')}>
          {t('ftpEstimates.howLink')}
        </a>
      }
    >
      {estimates.length === 0 ? (
        <Missing>{noPower ? t('ftpEstimates.needsPower') : t('ftpEstimates.none')}</Missing>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="ftp-estimates-used">
            {ftpUsedW != null ? (
              <>
                {t('ftpEstimates.usedLead')}{' '}
                <a href={formulaHref('ftpUsed')} className={cn(linkClass, 'font-semibold tabular-nums')}>
                  {f.watts(ftpUsedW)}
                </a>{' '}
                ({t(`summary.ftpSource.${ftpSource}`)})
              </>
            ) : (
              t('ftpEstimates.noneUsed')
            )}
          </p>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {estimates.map((e) => (
              <EstimateRow key={e.method} estimate={e} ftpUsedW={ftpUsedW} />
            ))}
          </ul>
          <p
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
            data-testid="ftp-estimates-note"
          >
            {t('ftpEstimates.note')}
          </p>
        </div>
      )}
    </Section>
  );
}

function EstimateRow({ estimate: e, ftpUsedW }: { estimate: Estimate; ftpUsedW: number | null }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const level = confidenceLevel(e.confidence);
  const pct = Math.round(e.confidence * 100);
  const diffPct = differenceFromUsedPct(e.ftp_w, ftpUsedW);
  // A CP fit outside the physiological bounds is no FTP at all: "—" and why, never its number.
  const rejected = (e.implausible?.length ?? 0) > 0;
  if (rejected) return <RejectedRow estimate={e} />;
  return (
    <li className="grid gap-x-4 gap-y-1 py-3 sm:grid-cols-[minmax(0,1fr)_auto]" data-testid="ftp-estimate">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-slate-900 dark:text-white">
          <a href={formulaHref(METHOD_FORMULA[e.method])} className={linkClass} data-method={e.method}>
            {t(`ftpEstimates.method.${e.method}.label`)}
          </a>
        </p>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {t(`ftpEstimates.method.${e.method}.how`)}
        </p>
        {e.fit && (
          <p className="mt-0.5 text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {t('ftpEstimates.fit', {
              cp: f.watts(e.fit.cp_w),
              wprime: f.number(e.fit.w_prime_j / 1000, 1),
              r2: f.number(e.fit.r2, 2),
            })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 sm:flex-col sm:items-end">
        <a
          href={formulaHref(METHOD_FORMULA[e.method])}
          className="text-lg font-semibold text-slate-900 tabular-nums hover:underline dark:text-white"
          data-testid="ftp-estimate-value"
        >
          {f.watts(e.ftp_w)}
        </a>
        {diffPct != null && (
          <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {t('ftpEstimates.vsUsed', {
              diff: `${diffPct > 0 ? '+' : ''}${f.percent(diffPct, 0)}`,
            })}
          </span>
        )}
        <a
          href={formulaHref('ftpConfidence')}
          className="flex items-center gap-2 text-xs text-slate-600 hover:underline dark:text-slate-300"
          title={t('ftpEstimates.confidenceTitle')}
        >
          <span
            className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            // The words beside it say the same: the bar is for the eye only.
            aria-hidden
          >
            <span className={cn('block h-full', LEVEL_CLASS[level])} style={{ width: `${pct}%` }} />
          </span>
          <span data-testid="ftp-estimate-confidence">
            {t(`ftpEstimates.confidence.${level}`, { pct: f.number(pct, 0) })}
          </span>
        </a>
      </div>
    </li>
  );
}

function RejectedRow({ estimate: e }: { estimate: Estimate }) {
  const { t } = useTranslation('activity');
  const reasons = (e.implausible ?? []).map((r) => t(`ftpEstimates.implausible.${r}`)).join('; ');
  return (
    <li
      className="grid gap-x-4 gap-y-1 py-3 sm:grid-cols-[minmax(0,1fr)_auto]"
      data-testid="ftp-estimate"
      data-rejected="true"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-slate-900 dark:text-white">
          <a href={formulaHref(METHOD_FORMULA[e.method])} className={linkClass} data-method={e.method}>
            {t(`ftpEstimates.method.${e.method}.label`)}
          </a>
        </p>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {t(`ftpEstimates.method.${e.method}.how`)}
        </p>
        <p className="mt-0.5 text-xs text-amber-800 dark:text-amber-300" data-testid="ftp-estimate-rejected">
          {t('ftpEstimates.rejected', { reasons })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 sm:flex-col sm:items-end">
        <a
          href={formulaHref('cpPlausibility')}
          className="text-lg font-semibold text-slate-400 hover:underline dark:text-slate-500"
          data-testid="ftp-estimate-value"
        >
          —
        </a>
      </div>
    </li>
  );
}
