import type { AdvancedResponse } from '@vatio/schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { TimeBars, XyChart } from './AdvancedCharts';
import { Figure, Needs, Section } from './AdvancedParts';

/** Biomecánico: pedalling dynamics where recorded, cadence distribution and cadence against power. */
export function BiomechanicsTab({ data }: { data: AdvancedResponse }) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const b = data.biomechanics;
  const lacking = t('lacking');
  const pct = (v: number | null) => (v === null ? lacking : f.number(v, 1));
  return (
    <div className="space-y-4">
      <Needs needs={b.needs} testId="bio-needs" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          testId="bio-balance"
          label={t('bio.balance')}
          formula="advPedaling"
          value={
            b.left_balance_pct === null
              ? lacking
              : `${pct(b.left_balance_pct)} / ${pct(100 - b.left_balance_pct)}`
          }
          unit={b.left_balance_pct === null ? undefined : '%'}
          hint={t('bio.balanceHint')}
        />
        <Figure
          testId="bio-te"
          label={t('bio.te')}
          formula="advPedaling"
          value={pct(b.torque_effectiveness_pct)}
          unit={b.torque_effectiveness_pct === null ? undefined : '%'}
        />
        <Figure
          testId="bio-ps"
          label={t('bio.ps')}
          formula="advPedaling"
          value={pct(b.pedal_smoothness_pct)}
          unit={b.pedal_smoothness_pct === null ? undefined : '%'}
        />
        <Figure
          testId="bio-pco"
          label={t('bio.pco')}
          formula="advPedaling"
          value={lacking}
          hint={t('bio.notRead')}
        />
        <Figure
          testId="bio-phase"
          label={t('bio.powerPhase')}
          formula="advPedaling"
          value={lacking}
          hint={t('bio.notRead')}
        />
        <Figure
          testId="bio-cadence"
          label={t('bio.cadenceAverage')}
          formula="advCadence"
          value={b.cadence ? f.number(b.cadence.average_rpm) : lacking}
          unit={b.cadence ? 'rpm' : undefined}
          hint={t('bio.ridesWithDynamics', { count: b.rides_with_dynamics })}
        />
      </div>
      {b.cadence ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Section title={t('bio.cadenceTitle')} testId="bio-cadence-bins">
            <TimeBars
              testId="bio-cadence-bars"
              format={f.hoursMinutes}
              bars={b.cadence.bins.map((bin, k, all) => ({
                label:
                  k === 0
                    ? `< ${bin.to_rpm} rpm`
                    : k === all.length - 1
                      ? `≥ ${bin.from_rpm} rpm`
                      : `${bin.from_rpm}–${bin.to_rpm}`,
                timeS: bin.time_s,
              }))}
            />
          </Section>
          <Section title={t('bio.cadenceVsPower')} testId="bio-cadence-power">
            <CadencePowerChart cadence={b.cadence} />
          </Section>
        </div>
      ) : null}
    </div>
  );
}

function CadencePowerChart({
  cadence,
}: {
  cadence: NonNullable<AdvancedResponse['biomechanics']['cadence']>;
}) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const { xs, series } = useMemo(
    () => ({
      xs: cadence.by_power.map((p) => p.from_w + (p.to_w - p.from_w) / 2),
      series: [
        {
          label: t('bio.cadenceSeries'),
          color: '#7c3aed',
          values: cadence.by_power.map((p) => p.cadence_rpm),
          unit: 'rpm',
        },
      ],
    }),
    [cadence, t],
  );
  if (xs.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{t('lacking')}</p>;
  return (
    <XyChart
      testId="bio-cadence-chart"
      xs={xs}
      series={series}
      xLabel={t('axis.power')}
      formatX={(v) => `${f.number(v)} W`}
      formatY={(v) => f.number(v)}
      locale={f.language}
    />
  );
}
