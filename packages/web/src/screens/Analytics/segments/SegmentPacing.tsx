import type { SegmentDetailResponse } from '@vatio/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../hooks/useFormat';
import { Badge, Figure, FormulaLink } from '../TrainingLoadParts';
import { efficiencyTone, formatSegmentTime } from './segmentFormat';

const THIRDS = ['first', 'second', 'last'] as const;

/** The pacing model's strategy, efficiency and advice, and the recommended power per third. */
export function SegmentPacing({ detail }: { detail: SegmentDetailResponse }) {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  const p = detail.pacing;
  if (!p) return <p className="py-4 text-sm text-slate-600 dark:text-slate-300">{t('segments.noPower')}</p>;
  const max = Math.max(...p.recommended_w, ...p.actual_w.map((v) => v ?? 0));
  const effort = detail.efforts.find((e) => e.id === p.effort_id);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('segments.pacingOf', { date: effort ? f.date(effort.start_time) : '' })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Figure
          testId="pacing-strategy"
          label={t('segments.strategy')}
          value={t(`segments.strategies.${p.strategy}`)}
          formula="segmentPacing"
        />
        <Figure
          testId="pacing-efficiency"
          label={t('segments.efficiency')}
          value={f.number(p.efficiency, 2)}
          formula="segmentEfficiency"
          badge={<Badge tone={efficiencyTone(p.efficiency)}>{f.percent(p.efficiency * 100, 0)}</Badge>}
        />
      </div>
      <ul
        className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200"
        data-testid="pacing-advice"
      >
        {p.advice.map((a) => (
          <li key={a}>{t(`segments.advice.${a}`)}</li>
        ))}
      </ul>
      <div data-testid="pacing-bars" className="space-y-3">
        <div className="flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-300">
          <span className="flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-sm bg-orange-500" /> {t('segments.current')}
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-sm bg-blue-600" /> {t('segments.recommended')}
          </span>
        </div>
        {THIRDS.map((third, i) => {
          const rec = p.recommended_w[i] ?? 0;
          const actual = p.actual_w[i] ?? null;
          return (
            <div key={third} className="space-y-1">
              <p className="text-xs font-medium text-slate-600 dark:text-slate-300">
                {t('segments.third', { n: i + 1, grade: f.number(p.thirds_grade_pct[i], 1) })}
              </p>
              <div className="flex items-center gap-2">
                <div
                  className="h-3 rounded-sm bg-orange-500"
                  style={{ width: `${((actual ?? 0) / max) * 80}%` }}
                />
                <span className="text-xs tabular-nums text-slate-700 dark:text-slate-200">
                  {f.watts(actual)}
                </span>
              </div>
              <div className="flex items-center gap-2">
                <div className="h-3 rounded-sm bg-blue-600" style={{ width: `${(rec / max) * 80}%` }} />
                <FormulaLink
                  id="segmentRecommended"
                  className="text-xs tabular-nums text-slate-700 dark:text-slate-200"
                >
                  {f.watts(rec)}
                </FormulaLink>
              </div>
            </div>
          );
        })}
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('segments.model', {
          even: formatSegmentTime(p.even_time_s),
          recommended: formatSegmentTime(p.recommended_time_s),
          mass: f.weight(p.mass_kg),
        })}
      </p>
      {/* Which weight the model's mass holds, and from when (issue 25). */}
      <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="pacing-weight">
        {p.rider_weight
          ? t(`segments.modelWeight.${p.rider_weight.source}`, {
              kg: f.weight(p.rider_weight.kg),
              date: f.date(p.rider_weight.from),
            })
          : effort?.weight_kg != null
            ? t('segments.modelWeight.unknownDate', { kg: f.weight(effort.weight_kg) })
            : t('segments.modelWeight.none')}
      </p>
    </div>
  );
}
