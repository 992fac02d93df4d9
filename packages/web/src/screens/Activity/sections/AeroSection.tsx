import { useTranslation } from 'react-i18next';
import type { ActivityAnalysis } from '../../../api/activity-types';
import { useFormat } from '../../../hooks/useFormat';
import { Missing, Section, Stat } from '../parts';

export function AeroSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const a = analysis.aero;
  if (!a) {
    return (
      <Section title={t('aero.title')}>
        <Missing>{t('aero.none')}</Missing>
      </Section>
    );
  }
  // A fit no rider can have is no CdA and no Crr: the figures read "—" and the explanation below names
  // the fitted values with the bounds they break (the advanced page and the aero lab do the same).
  const implausible = a.rating === 'implausible';
  const cda = `${f.number(a.cda_m2, 3)} m²`;
  const crr = f.number(a.crr, 4);
  return (
    <Section title={t('aero.title')} subtitle={t('aero.subtitle')} testId="aero">
      <dl className="grid grid-cols-2 gap-2">
        <Stat label={t('aero.cda')} value={implausible ? '—' : cda} />
        <Stat label={t('aero.crr')} value={implausible ? '—' : crr} />
        <Stat
          label={t('aero.fit')}
          value={t(`aero.quality.${a.rating}`)}
          hint={`R² ${f.number(a.r2, 2)} · RMSE ${f.number(a.rmse_m, 1)} m`}
        />
        <Stat label={t('aero.density')} value={`${f.number(a.air_density_kg_m3, 3)} kg/m³`} />
      </dl>
      {implausible && (
        <p className="mt-3 text-sm text-amber-700 dark:text-amber-400" data-testid="aero-implausible">
          {t('aero.implausible.explain', {
            cda,
            crr,
            reasons: oneSentence(
              a.implausible.map((reason) => t(`aero.implausible.${reason}`)),
              f.language,
            ),
          })}
        </p>
      )}
      <p className="mt-3 text-xs text-slate-500" data-testid="aero-assumptions">
        {t('aero.assumptions', {
          rider: f.number(a.assumptions.rider_kg, 1),
          riderSource: t(`aero.source.${a.assumptions.rider_kg_source}`),
          bike: f.number(a.assumptions.bike_kg, 1),
          bikeSource: t(`aero.source.${a.assumptions.bike_kg_source ?? 'default'}`),
          temperature: f.number(a.assumptions.temperature_c, 0),
          temperatureSource: t(`aero.source.${a.assumptions.temperature_source}`),
          humidity: f.number(a.assumptions.humidity_pct, 0),
          pressure: f.number(a.assumptions.pressure_hpa, 0),
        })}
        {a.assumptions.rider_kg_source === 'default' && ` ${t('aero.setWeight')}`}
      </p>
    </Section>
  );
}

/**
 * The reasons, each written as a sentence of its own ("a CdA under 0.15 m² is …."), as one sentence:
 * "a CdA … and a Crr … ." Joined by spaces, the second began in lower case after the first's full stop.
 */
function oneSentence(reasons: string[], language: string): string {
  const clauses = reasons.map((reason) => reason.replace(/\.$/, ''));
  return `${new Intl.ListFormat(language, { type: 'conjunction' }).format(clauses)}.`;
}
