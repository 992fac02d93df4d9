import { aeroImplausibilities } from '@vatio/analysis';
import type { AdvancedResponse } from '@vatio/schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../hooks/useFormat';
import { XyChart } from './AdvancedCharts';
import { Badge, FormulaLink, Needs, Section } from './AdvancedParts';

const SHOWN_RIDES = 20;
const COLORS = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed'];

/** Aerodinámico: CdA per ride by virtual elevation, its trend by bike, each ride to the aero lab. */
export function AeroTab({ data }: { data: AdvancedResponse }) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const a = data.aero;
  const bikeName = (id: string | null) =>
    a.by_bike.find((b) => b.bike_id === id)?.bike_name ?? (id ? t('aero.bike') : t('aero.noBike'));
  return (
    <div className="space-y-4">
      <Needs needs={a.needs} testId="aero-needs" />
      {a.by_bike.length > 0 ? (
        <Section title={t('aero.byBike')} testId="aero-by-bike">
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {a.by_bike.map((b) => (
              <li key={b.bike_id ?? 'none'} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900/50">
                <p className="font-semibold text-slate-900 dark:text-white">{bikeName(b.bike_id)}</p>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {t('aero.median')}{' '}
                  <FormulaLink id="advCda" className="font-semibold">
                    {f.number(b.median_cda_m2, 3)} m²
                  </FormulaLink>{' '}
                  · {t('aero.fits', { count: b.rides })}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  {b.trend_m2_per_30d === null
                    ? t('aero.noTrend')
                    : t('aero.trend', { value: f.number(b.trend_m2_per_30d, 4) })}
                </p>
              </li>
            ))}
          </ul>
          <CdaChart data={data} />
        </Section>
      ) : null}
      {a.rides.length > 0 ? (
        <Section title={t('aero.rides')} testId="aero-rides">
          <ul className="divide-y divide-slate-100 dark:divide-slate-700">
            {a.rides.slice(0, SHOWN_RIDES).map((r) => (
              <li
                key={r.activity_id}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <RideFit r={r} />
                <Link
                  to={r.aero_lab}
                  data-testid="aero-lab-link"
                  className="font-semibold text-brand-700 hover:underline dark:text-brand-400"
                >
                  {t('aero.openLab')} →
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

type AeroRide = AdvancedResponse['aero']['rides'][number];

/**
 * One ride's whole-ride fit. A CdA or Crr no rider on a bike can have (fit-rating.ts bounds) is a "—"
 * with the bound it breaks, as on the ride page, never a number marked only "rough".
 */
function RideFit({ r }: { r: AeroRide }) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const impossible = aeroImplausibilities({ cdaM2: r.cda_m2, crr: r.crr });
  return (
    <span className="min-w-0">
      <span className="text-slate-600 dark:text-slate-300">{f.date(r.date)}</span>{' '}
      <FormulaLink id="advCda" className="font-semibold text-slate-900 dark:text-white">
        CdA {impossible.length > 0 ? '—' : `${f.number(r.cda_m2, 3)} m²`}
      </FormulaLink>{' '}
      <span className="text-slate-600 dark:text-slate-300">
        Crr {impossible.length > 0 ? '—' : f.number(r.crr, 4)}
        {r.r2 !== null && impossible.length === 0 ? ` · r² ${f.number(r.r2, 2)}` : ''}
      </span>{' '}
      {impossible.length > 0 ? (
        <Badge tone="red">
          {t('aero.implausible', {
            reasons: impossible.map((k) => t(`aero.implausibleWhy.${k}`)).join('; '),
          })}
        </Badge>
      ) : r.trustworthy ? null : (
        <Badge tone="amber">{t('aero.untrusted')}</Badge>
      )}
    </span>
  );
}

function CdaChart({ data }: { data: AdvancedResponse }) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const shortDate = useMemo(
    () => new Intl.DateTimeFormat(f.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    [f.language],
  );
  const { xs, series } = useMemo(() => {
    const trusted = data.aero.rides.filter((r) => r.trustworthy);
    const xs = [...new Set(trusted.map((r) => Date.parse(`${r.date}T12:00:00Z`) / 1000))].sort(
      (a, b) => a - b,
    );
    const series = data.aero.by_bike.map((b, k) => ({
      label: b.bike_name ?? (b.bike_id ? t('aero.bike') : t('aero.noBike')),
      color: COLORS[k % COLORS.length]!,
      points: true,
      unit: 'm²',
      values: xs.map(
        (x) =>
          trusted.find((r) => r.bike_id === b.bike_id && Date.parse(`${r.date}T12:00:00Z`) / 1000 === x)
            ?.cda_m2 ?? null,
      ),
    }));
    return { xs, series };
  }, [data, t]);
  if (xs.length < 2) return null;
  return (
    <XyChart
      testId="aero-cda-chart"
      xs={xs}
      series={series}
      time
      xLabel={t('axis.date')}
      formatX={(v) => shortDate.format(new Date(v * 1000))}
      formatY={(v) => f.number(v, 3)}
      locale={f.language}
    />
  );
}
