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
  const mm = (v: number | null) => (v === null ? '–' : f.number(v, 1));
  const deg = (v: number) => `${f.number(v, 0)}°`;
  const pco = b.platform_centre_offset_mm;
  const phase = b.power_phase_deg;
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
          formula="pedalPhase"
          value={pco ? `${mm(pco.left_mm)} / ${mm(pco.right_mm)}` : lacking}
          unit={pco ? 'mm' : undefined}
          hint={pco ? t('bio.pcoHint', { count: pco.rides }) : t('bio.pcoMissing')}
        />
        {(['left', 'right'] as const).map((leg) => {
          const p = phase?.[leg];
          return (
            <Figure
              key={leg}
              testId={`bio-phase-${leg}`}
              label={t(leg === 'left' ? 'bio.phaseLeft' : 'bio.phaseRight')}
              formula="pedalPhase"
              value={p ? `${deg(p.start_deg)}–${deg(p.end_deg)}` : lacking}
              hint={
                p
                  ? p.peak_start_deg !== null && p.peak_end_deg !== null
                    ? t('bio.phaseArcPeak', {
                        arc: deg(p.arc_deg),
                        from: deg(p.peak_start_deg),
                        to: deg(p.peak_end_deg),
                      })
                    : t('bio.phaseArc', { arc: deg(p.arc_deg) })
                  : t('bio.pcoMissing')
              }
            />
          );
        })}
        <Figure
          testId="bio-cadence"
          label={t('bio.cadenceAverage')}
          formula="advCadence"
          value={b.cadence ? f.number(b.cadence.average_rpm) : lacking}
          unit={b.cadence ? 'rpm' : undefined}
          hint={t('bio.ridesWithDynamics', { count: b.rides_with_dynamics })}
        />
      </div>
      {phase ? (
        <Section title={t('bio.phaseTitle')} testId="bio-phase">
          <PowerPhaseDial phase={phase} />
        </Section>
      ) : null}
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

type PowerPhase = NonNullable<AdvancedResponse['biomechanics']['power_phase_deg']>;

/**
 * Both legs' power phase on a crank circle seen from the drive side: top dead centre up, the crank
 * turning clockwise; the whole phase as a thin arc, the peak phase as a thick one (left inside, right
 * outside).
 */
function PowerPhaseDial({ phase }: { phase: PowerPhase }) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const c = 90;
  const point = (r: number, deg: number) => {
    const a = (deg * Math.PI) / 180;
    return [c + r * Math.sin(a), c - r * Math.cos(a)] as const;
  };
  const arc = (r: number, from: number, to: number) => {
    const span = (((to - from) % 360) + 360) % 360;
    const [x0, y0] = point(r, from);
    const [x1, y1] = point(r, to);
    return `M ${x0} ${y0} A ${r} ${r} 0 ${span > 180 ? 1 : 0} 1 ${x1} ${y1}`;
  };
  const legs = [
    { key: 'left' as const, r: 52, color: '#2563eb', p: phase.left },
    { key: 'right' as const, r: 74, color: '#ea580c', p: phase.right },
  ];
  const deg = (v: number) => `${f.number(v, 0)}°`;
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <svg
        viewBox="0 0 180 180"
        className="h-44 w-44 shrink-0"
        role="img"
        aria-label={t('bio.phaseTitle')}
        data-testid="bio-phase-dial"
      >
        <circle
          cx={c}
          cy={c}
          r={63}
          className="fill-none stroke-slate-200 dark:stroke-slate-600"
          strokeWidth={1}
        />
        <line x1={c} y1={4} x2={c} y2={22} className="stroke-slate-400" strokeWidth={1} />
        <text x={c + 4} y={14} className="fill-slate-500 text-[9px]">
          0°
        </text>
        {legs.map(({ key, r, color, p }) =>
          p ? (
            <g key={key}>
              <path
                d={arc(r, p.start_deg, p.end_deg)}
                stroke={color}
                strokeWidth={4}
                fill="none"
                opacity={0.45}
              />
              {p.peak_start_deg !== null && p.peak_end_deg !== null ? (
                <path
                  d={arc(r, p.peak_start_deg, p.peak_end_deg)}
                  stroke={color}
                  strokeWidth={10}
                  fill="none"
                />
              ) : null}
            </g>
          ) : null,
        )}
      </svg>
      <ul className="space-y-2 text-sm text-slate-700 dark:text-slate-200">
        {legs.map(({ key, color, p }) =>
          p ? (
            <li key={key} className="flex items-start gap-2">
              <span
                className="mt-1.5 inline-block h-2.5 w-2.5 shrink-0 rounded-full"
                style={{ background: color }}
              />
              <span>
                <strong>{t(key === 'left' ? 'bio.phaseLeft' : 'bio.phaseRight')}</strong>:{' '}
                {t('bio.phaseLine', { from: deg(p.start_deg), to: deg(p.end_deg), arc: deg(p.arc_deg) })}
                {p.peak_start_deg !== null && p.peak_end_deg !== null
                  ? ` · ${t('bio.phasePeakLine', { from: deg(p.peak_start_deg), to: deg(p.peak_end_deg) })}`
                  : ''}
              </span>
            </li>
          ) : null,
        )}
        <li className="text-xs text-slate-500 dark:text-slate-400">
          {t('bio.phaseRides', { count: phase.rides })}
        </li>
      </ul>
    </div>
  );
}
