import type { AdvancedResponse } from '@vatio/schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { XyChart } from './AdvancedCharts';
import { Badge, Figure, FormulaLink, Needs, Section } from './AdvancedParts';

const CAPACITY_TONE = {
  excellent: 'green',
  good: 'blue',
  average: 'slate',
  below_average: 'amber',
  poor: 'red',
} as const;

/** Fisiológico: VO2max from the best 5 minutes per kg, VT1/VT2 with their method said. */
export function PhysiologicalTab({ data }: { data: AdvancedResponse }) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const { vo2max, thresholds } = data.physiological;
  const lacking = t('lacking');
  return (
    <div className="space-y-4">
      <Needs needs={data.physiological.needs} testId="phys-needs" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          testId="phys-vo2max"
          label={t('phys.vo2max')}
          formula="advVo2max"
          value={vo2max ? f.number(vo2max.ml_kg_min, 1) : lacking}
          unit={vo2max ? 'ml/kg/min' : undefined}
          badge={
            vo2max ? (
              <Badge tone={CAPACITY_TONE[vo2max.capacity]}>{t(`capacity.${vo2max.capacity}`)}</Badge>
            ) : null
          }
          hint={
            vo2max
              ? t('phys.vo2maxHint', {
                  power: f.number(vo2max.power_5min_w),
                  wkg: f.number(vo2max.w_per_kg, 2),
                })
              : undefined
          }
        />
        <Figure
          testId="phys-vo2-vt2"
          label={t('phys.atVt2')}
          formula="advVo2max"
          value={vo2max?.at_vt2_ml_kg_min != null ? f.number(vo2max.at_vt2_ml_kg_min, 1) : lacking}
          unit={vo2max?.at_vt2_ml_kg_min != null ? 'ml/kg/min' : undefined}
        />
        <Figure
          testId="phys-vt1"
          label={t('phys.vt1')}
          formula="advThresholds"
          value={thresholds ? f.number(thresholds.vt1.power_w) : lacking}
          unit={thresholds ? 'W' : undefined}
          hint={
            thresholds
              ? thresholds.vt1.heart_rate_bpm !== null
                ? `${f.number(thresholds.vt1.heart_rate_bpm)} ${f.bpmUnit}`
                : t('phys.noHr')
              : undefined
          }
        />
        <Figure
          testId="phys-vt2"
          label={t('phys.vt2')}
          formula="advThresholds"
          value={thresholds ? f.number(thresholds.vt2.power_w) : lacking}
          unit={thresholds ? 'W' : undefined}
          hint={
            thresholds
              ? thresholds.vt2.heart_rate_bpm !== null
                ? `${f.number(thresholds.vt2.heart_rate_bpm)} ${f.bpmUnit}`
                : t('phys.noHr')
              : undefined
          }
        />
      </div>
      {thresholds ? (
        <Section title={t('phys.method.title')} testId="phys-method">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t(`phys.method.${thresholds.method}`, {
              segments: thresholds.segments,
              r2: thresholds.r2 === null ? '—' : f.number(thresholds.r2, 2),
            })}{' '}
            <Badge tone={thresholds.confidence === 'medium' ? 'blue' : 'amber'}>
              {t(`phys.confidence.${thresholds.confidence}`)}
            </Badge>
          </p>
          {thresholds.points.length > 0 ? <ThresholdChart thresholds={thresholds} /> : null}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <FormulaLink id="advThresholds">{t('phys.method.source')}</FormulaLink>
          </p>
        </Section>
      ) : null}
    </div>
  );
}

function ThresholdChart({
  thresholds,
}: {
  thresholds: NonNullable<AdvancedResponse['physiological']['thresholds']>;
}) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const { xs, series } = useMemo(() => {
    const points = [...thresholds.points].sort((a, b) => a.power_w - b.power_w);
    const line = thresholds.method === 'power_hr_line' && thresholds.vt1.heart_rate_bpm !== null;
    const vtX = [thresholds.vt1.power_w, thresholds.vt2.power_w];
    const xs = [...new Set([...points.map((p) => p.power_w), ...vtX])].sort((a, b) => a - b);
    const at = (x: number) => points.find((p) => p.power_w === x)?.heart_rate_bpm ?? null;
    const vt = (x: number) =>
      x === thresholds.vt1.power_w
        ? thresholds.vt1.heart_rate_bpm
        : x === thresholds.vt2.power_w
          ? thresholds.vt2.heart_rate_bpm
          : null;
    return {
      xs,
      series: [
        {
          label: t('phys.chart.segments'),
          color: '#2563eb',
          values: xs.map(at),
          points: true,
          unit: f.bpmUnit,
        },
        ...(line
          ? [
              {
                label: t('phys.chart.thresholds'),
                color: '#dc2626',
                values: xs.map(vt),
                points: true,
                unit: f.bpmUnit,
              },
            ]
          : []),
      ],
    };
  }, [thresholds, t, f.bpmUnit]);
  return (
    <XyChart
      testId="phys-threshold-chart"
      xs={xs}
      series={series}
      xLabel={t('axis.power')}
      formatX={(v) => `${f.number(v)} W`}
      formatY={(v) => f.number(v)}
      locale={f.language}
    />
  );
}
