import { aeroImplausibilities } from '@vatio/analysis';
import type { AeroFitResponse } from '@vatio/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getActivity } from '../../api/activities';
import { queryKeys } from '../../api/query-keys';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';
import { errorMessage } from '../../lib/errors';
import { formulaHref } from '../../lib/formula-links';
import { AeroLabChart } from './AeroLabChart';
import { AeroSlider } from './AeroSlider';
import { browserCurve, clamp, initialValues, type LabValues, SLIDERS, samplesOf } from './aeroLabModel';
import { RidePicker } from './RidePicker';
import { useAeroFit, useAeroLabStart, useSaveToBike } from './useAeroLab';

/**
 * The aero lab (/analytics/aero-lab?activity=ID&lap=N; issue 14): a ride's or a lap's virtual
 * elevation against the recorded one, with sliders for CdA, Crr, mass, air density and wind that
 * redraw the curve in the browser with the server's own function; "fit automatically" asks the
 * server for the least-squares CdA and Crr; "save to bike" keeps them on the ride's bike.
 */
/**
 * Which rider weight the starting mass holds, and from when (issue 25: every screen that divides by a
 * weight says which one), or that a default stands in for it.
 */
function MassOrigin({ parameters: p }: { parameters: AeroFitResponse['parameters'] }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  if (p.mass_source === 'given') return null;
  return (
    <p className="mt-1 text-xs text-slate-500" data-testid="aero-mass-origin">
      {p.rider_kg !== null && p.rider_kg_source && p.rider_kg_from
        ? t('aeroLab.riderWeight', {
            rider: format.weight(p.rider_kg),
            source: t(`aeroLab.weightSource.${p.rider_kg_source}`),
            date: format.date(p.rider_kg_from),
            mass: format.weight(p.mass_kg),
            // Without the bike's own weight the server adds its default: the mass's remainder.
            bike:
              p.bike_kg !== null
                ? format.weight(p.bike_kg)
                : t('aeroLab.bikeDefault', { bike: format.weight(p.mass_kg - p.rider_kg) }),
          })
        : t('aeroLab.noRiderWeight')}
    </p>
  );
}

/**
 * What the sliders cannot say: a least-squares fit no rider on a bike can have (the ride page's bounds,
 * fit-rating.ts) is named with its values and the bounds it breaks, and when the sliders could not
 * start at it (they stop at 0.1 m² and 0.0005) they say so rather than pass the nearest value off as
 * the fit; otherwise, slider values outside those bounds are flagged.
 */
function FitBounds({
  fitted,
  values,
}: {
  fitted: { cda_m2: number; crr: number } | null;
  values: LabValues;
}) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const reasons = (list: ReturnType<typeof aeroImplausibilities>) =>
    list.map((k) => t(`aeroLab.implausibleWhy.${k}`)).join('; ');
  const fitWrong = fitted ? aeroImplausibilities({ cdaM2: fitted.cda_m2, crr: fitted.crr }) : [];
  const clamped =
    fitted !== null &&
    (clamp(fitted.cda_m2, SLIDERS.cdaM2) !== Number(fitted.cda_m2.toFixed(3)) ||
      clamp(fitted.crr, SLIDERS.crr) !== Number(fitted.crr.toFixed(4)));
  const shownWrong = aeroImplausibilities({ cdaM2: values.cdaM2, crr: values.crr });
  if (fitWrong.length === 0 && shownWrong.length === 0) return null;
  return (
    <p
      data-testid="aero-implausible"
      className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100"
    >
      {fitted && fitWrong.length > 0
        ? t('aeroLab.implausibleFit', {
            cda: format.number(fitted.cda_m2, 3),
            crr: format.number(fitted.crr, 4),
            reasons: reasons(fitWrong),
          })
        : t('aeroLab.implausibleValues', { reasons: reasons(shownWrong) })}
      {clamped ? ` ${t('aeroLab.clamped')}` : ''}
    </p>
  );
}

export function AeroLabScreen() {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const activityId = params.get('activity');
  const lapParam = params.get('lap');
  const lap = lapParam !== null && /^\d+$/.test(lapParam) ? Number(lapParam) : null;

  const ride = useQuery({
    queryKey: queryKeys.activity.detail(activityId ?? ''),
    queryFn: () => getActivity(activityId!),
    enabled: activityId !== null,
  });
  const start = useAeroLabStart(activityId, lap);
  const fit = useAeroFit(activityId, lap);
  const save = useSaveToBike(activityId);
  const [values, setValues] = useState<LabValues | null>(null);

  // New ride or lap: the sliders start at the server's parameters (the bike's saved CdA, or the fit).
  const resetFit = fit.reset;
  const resetSave = save.reset;
  useEffect(() => {
    setValues(start.data ? initialValues(start.data) : null);
    resetFit();
    resetSave();
  }, [start.data, resetFit, resetSave]);

  const samples = useMemo(() => (start.data ? samplesOf(start.data) : undefined), [start.data]);
  const efficiency = start.data?.parameters.drivetrain_efficiency ?? 0.976;
  const curve = useMemo(
    () => (samples && values ? browserCurve(samples, values, efficiency) : undefined),
    [samples, values, efficiency],
  );

  const series = start.data?.series;
  const hasDistance = series?.distance_m?.some((d) => d !== null) ?? false;
  const x = useMemo(() => {
    if (!series) return [];
    if (hasDistance) {
      const km = series.distance_m!.map((d) => (d === null ? null : d / 1000));
      // Carry the last distance over pauses so x never has holes.
      let last = km.find((d) => d !== null) ?? 0;
      return km.map((d) => {
        if (d !== null) last = d;
        return last;
      });
    }
    return series.time_s.map((s) => s / 60);
  }, [series, hasDistance]);

  const pick = (id: string) => setParams({ activity: id });
  const pickLap = (value: string) =>
    setParams(value === '' ? { activity: activityId! } : { activity: activityId!, lap: value });
  const set = (patch: Partial<LabValues>) => setValues((v) => (v ? { ...v, ...patch } : v));
  const bikeId = start.data?.parameters.bike_id ?? null;
  const recordedDensity = start.data?.parameters.air_density_kg_m3 ?? 1.2;

  const runFit = () => {
    if (!values) return;
    fit.mutate(values, {
      onSuccess: (answer) =>
        set({
          cdaM2: clamp(answer.parameters.cda_m2, SLIDERS.cdaM2),
          crr: clamp(answer.parameters.crr, SLIDERS.crr),
        }),
    });
  };

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('aeroLab.title')}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('aeroLab.subtitle')}{' '}
          <a className="underline decoration-dotted underline-offset-4" href={formulaHref('aeroLab')}>
            {t('aeroLab.howItWorks')}
          </a>
        </p>
      </header>
      {/* grid-cols-1 (minmax(0, 1fr)) on a phone: an implicit auto column grows to a long ride name's
          full width and pushes the page 85 px past a 390 px screen. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_1fr]">
        <Card className="min-w-0 space-y-4 p-4">
          <RidePicker selected={activityId} onPick={pick} />
          {activityId && (ride.data?.laps.length ?? 0) > 1 && (
            <div className="space-y-1">
              <label
                htmlFor="aero-lap"
                className="block text-sm font-medium text-slate-700 dark:text-slate-200"
              >
                {t('aeroLab.lap')}
              </label>
              <select
                id="aero-lap"
                value={lap ?? ''}
                onChange={(e) => pickLap(e.target.value)}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
              >
                <option value="">{t('aeroLab.wholeRide')}</option>
                {ride.data!.laps.map((l) => (
                  <option key={l.index} value={l.index}>
                    {t('aeroLab.lapN', { n: l.index + 1 })}
                  </option>
                ))}
              </select>
            </div>
          )}
        </Card>
        <div className="min-w-0 space-y-4">
          {!activityId ? (
            <Card className="p-6 text-sm text-slate-600 dark:text-slate-300">{t('aeroLab.empty')}</Card>
          ) : start.isPending ? (
            <div
              role="status"
              aria-label={t('aeroLab.loading')}
              className="h-80 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800"
            />
          ) : start.isError ? (
            <p
              role="alert"
              className="rounded-xl bg-red-50 p-4 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200"
            >
              {errorMessage(start.error, t)}
            </p>
          ) : (
            values &&
            curve &&
            series && (
              <>
                <Card className="space-y-3 p-4">
                  <h2 className="truncate font-semibold text-slate-900 dark:text-white">
                    {ride.data?.name ?? ''}
                  </h2>
                  <AeroLabChart
                    x={x}
                    xLabel={hasDistance ? t('aeroLab.distanceKm') : t('aeroLab.timeMin')}
                    recorded={series.recorded_elevation_m}
                    virtual={curve.virtualElevationM}
                    labels={{
                      recorded: t('aeroLab.recorded'),
                      virtual: t('aeroLab.virtual'),
                      elevation: t('aeroLab.elevationM'),
                    }}
                    locale={format.language}
                  />
                  <p className="text-sm text-slate-700 dark:text-slate-200">
                    {t('aeroLab.rmse')}{' '}
                    <a
                      href={formulaHref('aeroLab')}
                      className="font-semibold underline decoration-dotted"
                      data-testid="aero-rmse"
                    >
                      {curve.rmseM === null ? '–' : `${format.number(curve.rmseM, 2)} m`}
                    </a>
                    {fit.data?.fit && (
                      <span className="ml-3 text-slate-500" data-testid="aero-fit-result">
                        {t('aeroLab.fitted', {
                          cda: format.number(fit.data.fit.cda_m2, 3),
                          crr: format.number(fit.data.fit.crr, 4),
                          r2: format.number(fit.data.fit.r2, 3),
                        })}
                      </span>
                    )}
                  </p>
                  <FitBounds
                    values={values}
                    fitted={
                      fit.data?.fit ??
                      (start.data.parameters.cda_source === 'fit' && !fit.data ? start.data.parameters : null)
                    }
                  />
                </Card>
                <Card className="grid gap-4 p-4 sm:grid-cols-2">
                  <AeroSlider
                    id="aero-cda"
                    label={t('aeroLab.cda')}
                    formula="aeroLab"
                    range={SLIDERS.cdaM2}
                    value={values.cdaM2}
                    text={`${format.number(values.cdaM2, 3)} m²`}
                    onChange={(cdaM2) => set({ cdaM2 })}
                  />
                  <AeroSlider
                    id="aero-crr"
                    label={t('aeroLab.crr')}
                    formula="aeroLab"
                    range={SLIDERS.crr}
                    value={values.crr}
                    text={format.number(values.crr, 4)}
                    onChange={(crr) => set({ crr })}
                  />
                  <AeroSlider
                    id="aero-mass"
                    label={t('aeroLab.mass')}
                    formula="aeroLab"
                    range={SLIDERS.massKg}
                    value={values.massKg}
                    text={format.weight(values.massKg)}
                    onChange={(massKg) => set({ massKg })}
                  />
                  <AeroSlider
                    id="aero-rho"
                    label={t('aeroLab.airDensity')}
                    formula="airDensity"
                    range={SLIDERS.airDensityKgM3}
                    value={values.airDensityKgM3 ?? recordedDensity}
                    text={
                      values.airDensityKgM3 === null
                        ? t('aeroLab.airDensityRecorded', { rho: format.number(recordedDensity, 3) })
                        : `${format.number(values.airDensityKgM3, 3)} kg/m³`
                    }
                    onChange={(airDensityKgM3) => set({ airDensityKgM3 })}
                    reset={
                      values.airDensityKgM3 === null
                        ? undefined
                        : { label: t('aeroLab.useRecorded'), onReset: () => set({ airDensityKgM3: null }) }
                    }
                  />
                  <AeroSlider
                    id="aero-wind"
                    label={t('aeroLab.wind')}
                    formula="aeroLab"
                    range={SLIDERS.windMps}
                    value={values.windMps}
                    text={`${format.number(values.windMps, 1)} m/s`}
                    onChange={(windMps) => set({ windMps })}
                  />
                  <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
                    <Button onClick={runFit} loading={fit.isPending} data-testid="aero-fit">
                      {t('aeroLab.fitAuto')}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={bikeId === null}
                      loading={save.isPending}
                      onClick={() => bikeId && save.mutate({ bikeId, values })}
                      data-testid="aero-save"
                    >
                      {t('aeroLab.saveToBike')}
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() => start.data && setValues(initialValues(start.data))}
                    >
                      {t('aeroLab.reset')}
                    </Button>
                  </div>
                  <div className="text-sm sm:col-span-2" aria-live="polite">
                    {bikeId === null && <p className="text-slate-500">{t('aeroLab.noBike')}</p>}
                    {save.isSuccess && (
                      <p className="text-green-700 dark:text-green-400" data-testid="aero-saved">
                        {t('aeroLab.saved', {
                          bike: save.data.name,
                          cda: format.number(save.data.cda_m2, 3),
                          crr: format.number(save.data.crr, 4),
                        })}
                      </p>
                    )}
                    {(fit.isError || save.isError) && (
                      <p role="alert" className="text-red-700 dark:text-red-300">
                        {errorMessage(fit.error ?? save.error, t)}
                      </p>
                    )}
                    <p className="mt-2 text-xs text-slate-500">
                      {t(`aeroLab.source.${start.data.parameters.cda_source}`)} {t('aeroLab.assumptions')}
                    </p>
                    <MassOrigin parameters={start.data.parameters} />
                  </div>
                </Card>
              </>
            )
          )}
        </div>
      </div>
    </div>
  );
}
