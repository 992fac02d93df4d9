import type { AdvancedResponse } from '@vatio/schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PowerCurveChart } from '../../components/charts/PowerCurveChart';
import { useFormat } from '../../hooks/useFormat';
import { Figure, FormulaLink, Needs, Section } from './AdvancedParts';

const CLASS_COLORS = { climbing: '#dc2626', flat: '#2563eb', descending: '#059669' } as const;

/** Potencia: NP, IF and TSS of the period, and the power curve split by gradient. */
export function PowerTab({ data }: { data: AdvancedResponse }) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const p = data.power;
  const lacking = t('lacking');
  const curves = useMemo(
    () =>
      (p.gradient?.curves ?? []).map((c) => ({
        label: t(`power.class.${c.key}`),
        color: CLASS_COLORS[c.key],
        points: p.gradient!.durations_s.flatMap((d, k) => {
          const w = c.power_w[k];
          return w === null || w === undefined ? [] : [{ duration_s: d, power_w: w }];
        }),
      })),
    [p.gradient, t],
  );
  return (
    <div className="space-y-4">
      <Needs needs={p.needs} testId="power-needs" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure
          testId="power-np"
          label={t('power.np')}
          formula="advPeriodLoad"
          value={p.np_w === null ? lacking : f.number(p.np_w)}
          unit={p.np_w === null ? undefined : 'W'}
        />
        <Figure
          testId="power-if"
          label={t('power.if')}
          formula="advPeriodLoad"
          value={p.intensity_factor === null ? lacking : f.number(p.intensity_factor, 2)}
          hint={data.ftp ? t('power.ftp', { value: f.number(data.ftp.value) }) : undefined}
        />
        <Figure
          testId="power-tss"
          label={t('power.tss')}
          formula="advPeriodLoad"
          value={p.tss === null ? lacking : f.number(p.tss)}
        />
      </div>
      {p.gradient ? (
        <Section title={t('power.gradientTitle')} testId="power-gradient">
          <PowerCurveChart curves={curves} locale={f.language} durationLabel={t('axis.duration')} />
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
            {p.gradient.curves.map((c) => (
              <li key={c.key}>
                {t('power.timeOn', { label: t(`power.class.${c.key}`), time: f.hoursMinutes(c.time_s) })}
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <FormulaLink id="advGradient">{t('power.gradientRule')}</FormulaLink>
          </p>
        </Section>
      ) : null}
    </div>
  );
}
