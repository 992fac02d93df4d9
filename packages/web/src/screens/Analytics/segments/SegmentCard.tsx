import type { SegmentDetailResponse, SegmentEffort, SegmentSummary } from '@vatio/schemas';
import { type ComponentProps, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AnalyticsSource } from '../../../api/analytics';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useFormat } from '../../../hooks/useFormat';
import { speedUnit, toSpeedUnit } from '../../../lib/format';
import { validationMessage } from '../../../lib/errors';
import { schemaResolver } from '../../../lib/form';
import { Badge, Figure, FormulaLink, Segmented } from '../TrainingLoadParts';
import { compareEfforts, efficiencyTone, formatSegmentTime } from './segmentFormat';
import { usePatchSegment, useSegment, useSegmentCompare, useSegments } from './useSegments';

// uPlot loads on demand, as elsewhere: the card's first paint does not wait for the chart.
const SegmentChart = lazy(() => import('./SegmentChart').then((m) => ({ default: m.SegmentChart })));

/** A titled chart of the card: the heading, and the chart once uPlot has loaded (a grey block until then). */
function TitledChart({
  title,
  fallbackClassName = 'h-48',
  ...chart
}: { title: string; fallbackClassName?: string } & ComponentProps<typeof SegmentChart>) {
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h4>
      <Suspense
        fallback={
          <div className={`${fallbackClassName} animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800`} />
        }
      >
        <SegmentChart {...chart} />
      </Suspense>
    </div>
  );
}

const VIEWS = ['performance', 'pacing', 'compare'] as const;
type View = (typeof VIEWS)[number];
const RECENT = 20;
const THIRDS = ['first', 'second', 'last'] as const;

function useSegmentName() {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  return (s: Pick<SegmentSummary, 'name' | 'length_m' | 'average_grade_pct'>) =>
    s.name ??
    t('segments.defaultName', { length: f.distance(s.length_m), grade: f.number(s.average_grade_pct, 1) });
}

/** The rename form: the API's own rule (at most 100 characters; empty means the default name). */
const renameFormSchema = z.object({ name: z.string().trim().max(100, 'text_too_long') });

function SegmentRenameForm({
  initialName,
  placeholder,
  onSave,
}: {
  initialName: string;
  placeholder: string;
  onSave: (name: string | null) => void;
}) {
  const { t } = useTranslation('analytics');
  const form = useForm<{ name: string }, unknown, { name: string }>({
    resolver: schemaResolver(renameFormSchema),
    defaultValues: { name: initialName },
  });
  const error = validationMessage(form.formState.errors.name?.message, t);
  const submit = form.handleSubmit(({ name }) => onSave(name || null));
  return (
    <form className="flex w-full flex-wrap gap-2" onSubmit={submit} noValidate>
      <input
        aria-label={t('segments.newName')}
        aria-invalid={error ? true : undefined}
        data-testid="segment-name-input"
        placeholder={placeholder}
        {...form.register('name')}
        className="min-h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      />
      <Button type="submit" data-testid="segment-name-save">
        {t('segments.save')}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}

/** Pick, rename, star and hide (own segments only; the example rider's are read-only). */
function SegmentSelector({
  segments,
  selected,
  onSelect,
  source,
}: {
  segments: SegmentSummary[];
  selected: SegmentSummary;
  onSelect: (id: string) => void;
  source: AnalyticsSource;
}) {
  const { t } = useTranslation('analytics');
  const name = useSegmentName();
  const patch = usePatchSegment();
  const [renaming, setRenaming] = useState(false);
  const own = source === 'own';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor="segment-select">
        {t('segments.select')}
      </label>
      <select
        id="segment-select"
        data-testid="segment-select"
        value={selected.id}
        onChange={(e) => onSelect(e.target.value)}
        className="min-h-9 w-full min-w-0 rounded-md sm:w-auto sm:flex-1 border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      >
        {segments.map((s) => (
          <option key={s.id} value={s.id}>
            {s.starred ? '★ ' : ''}
            {name(s)}
            {s.hidden ? ` (${t('segments.hiddenTag')})` : ''} ·{' '}
            {t('segments.attemptsShort', { count: s.attempts })}
          </option>
        ))}
      </select>
      {own && (
        <>
          <Button
            variant="secondary"
            data-testid="segment-star"
            aria-pressed={selected.starred}
            onClick={() => patch.mutate({ id: selected.id, patch: { starred: !selected.starred } })}
          >
            {selected.starred ? t('segments.unstar') : t('segments.star')}
          </Button>
          <Button
            variant="secondary"
            data-testid="segment-hide"
            onClick={() => patch.mutate({ id: selected.id, patch: { hidden: !selected.hidden } })}
          >
            {selected.hidden ? t('segments.unhide') : t('segments.hide')}
          </Button>
          <Button variant="secondary" data-testid="segment-rename" onClick={() => setRenaming(!renaming)}>
            {t('segments.rename')}
          </Button>
        </>
      )}
      {own && renaming && (
        <SegmentRenameForm
          initialName={selected.name ?? ''}
          placeholder={name({ ...selected, name: null })}
          onSave={(newName) => {
            patch.mutate({ id: selected.id, patch: { name: newName } });
            setRenaming(false);
          }}
        />
      )}
    </div>
  );
}

function Performance({ detail }: { detail: SegmentDetailResponse }) {
  const { t, i18n } = useTranslation('analytics');
  const f = useFormat();
  const s = detail.segment;
  const best = detail.efforts.find((e) => e.id === detail.best_effort_id)!;
  const recent = detail.efforts.slice(-RECENT);
  const series = useMemo(
    () => [
      {
        label: t('segments.chartTime'),
        values: recent.map((e) => e.elapsed_s),
        stroke: '#2563eb',
        format: formatSegmentTime,
      },
      {
        label: t('segments.chartPower'),
        values: recent.map((e) => e.average_power_w),
        stroke: '#f97316',
        right: true,
        format: (v: number) => f.watts(v),
      },
    ],
    [recent, t, f],
  );
  const day = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' }),
    [i18n.language],
  );
  const conditions = [
    best.temperature_c !== null
      ? t('segments.temperature', { value: f.number(best.temperature_c, 0) })
      : null,
    best.average_heart_rate_bpm !== null ? `${f.bpm(best.average_heart_rate_bpm)}` : null,
  ].filter(Boolean);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          testId="segment-pb"
          label={t('segments.pb')}
          value={formatSegmentTime(best.elapsed_s)}
          formula="segmentBest"
          hint={
            <>
              {f.date(best.start_time)} · {f.watts(best.average_power_w)}
              {best.watts_per_kg !== null ? ` · ${f.number(best.watts_per_kg, 1)} W/kg` : ''}
              {best.watts_per_kg !== null && best.weight
                ? ` ${t(`segments.weightShort.${best.weight.source}`, { kg: f.weight(best.weight.kg), date: f.date(best.weight.from) })}`
                : ''}
              {conditions.length > 0 ? ` · ${conditions.join(' · ')}` : ''}
            </>
          }
        />
        <Figure
          testId="segment-attempts"
          label={t('segments.attempts')}
          value={f.number(s.attempts, 0)}
          formula="segmentBest"
          hint={t(`segments.trend.${s.trend}`)}
        />
        <Figure
          testId="segment-mean-power"
          label={t('segments.meanPower')}
          value={f.watts(s.average_power_w)}
          formula="segmentBest"
          hint={t('segments.segmentInfo', {
            length: f.distance(s.length_m),
            grade: f.number(s.average_grade_pct, 1),
          })}
        />
        <Figure
          testId="segment-consistency"
          label={t('segments.consistency')}
          value={s.consistency_pct === null ? '—' : f.percent(s.consistency_pct, 0)}
          formula="segmentBest"
          badge={
            <Badge tone={s.latest_is_pb ? 'green' : 'slate'}>
              <span data-testid="segment-pb-flag">
                {s.latest_is_pb ? t('segments.pbYes') : t('segments.pbNo')}
              </span>
            </Badge>
          }
        />
      </div>
      <TitledChart
        title={t('segments.recent')}
        fallbackClassName="h-56"
        testId="segment-efforts-chart"
        xLabel={t('segments.date')}
        x={recent.map((e) => Date.parse(e.start_time) / 1000)}
        xTime
        xFormat={(v) => day.format(new Date(v * 1000))}
        series={series}
      />
    </div>
  );
}

function Pacing({ detail }: { detail: SegmentDetailResponse }) {
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

const COLOR_A = '#2563eb';
const COLOR_B = '#ea580c';

/** A difference with its sign (+ when B has more), in a formatter's unit. */
function signed(value: number | null, format: (v: number) => string): string {
  if (value === null) return '—';
  const text = format(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

function Compare({ detail, source }: { detail: SegmentDetailResponse; source: AnalyticsSource }) {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  const efforts = detail.efforts;
  const [aId, setA] = useState(detail.best_effort_id);
  // The latest against the best; when the latest is the best, the one before it.
  const [bId, setB] = useState(
    (efforts.at(-1)!.id === detail.best_effort_id && efforts.length > 1 ? efforts.at(-2)! : efforts.at(-1)!)
      .id,
  );
  const a = efforts.find((e) => e.id === aId) ?? efforts[0]!;
  const b = efforts.find((e) => e.id === bId) ?? efforts.at(-1)!;
  const compare = useSegmentCompare(source, detail.segment.id, a.id, b.id);
  const withSplits = a.splits_s.length > 0 && b.splits_s.length > 0;
  const c = useMemo(() => compareEfforts(a, b, detail.segment.length_m), [a, b, detail.segment.length_m]);
  const series = useMemo(
    () => [
      {
        label: t('segments.gap'),
        values: c.gapS,
        stroke: '#7c3aed',
        format: (v: number) => `${f.number(v, 1)} s`,
      },
    ],
    [c, t, f],
  );
  const data = compare.data;
  const curves = useMemo(() => {
    if (!data) return undefined;
    // Speed in the rider's unit, so the axis ticks fall on round km/h or mph.
    const speedIn = (v: number | null) => (v === null ? null : toSpeedUnit(v, f.units));
    const pair = (
      key: 'power_w' | 'speed_mps',
      map: (v: number | null) => number | null,
      format: (v: number) => string,
    ) =>
      data.efforts
        .map((e, i) => ({
          label: t(i === 0 ? 'segments.effortA' : 'segments.effortB'),
          values: e.measured ? e[key].map(map) : [],
          stroke: i === 0 ? COLOR_A : COLOR_B,
          format,
        }))
        .filter((s) => s.values.length > 0);
    return {
      power: pair(
        'power_w',
        (v) => v,
        (v) => f.watts(v),
      ),
      // The unit is in the title: the axis has room for "30", not "30,0 km/h".
      speed: pair('speed_mps', speedIn, (v) => f.number(v, 0)),
    };
  }, [data, t, f]);
  const label = (e: SegmentEffort) =>
    `${f.date(e.start_time)} · ${formatSegmentTime(e.elapsed_s)}${e.source === 'strava' ? ` · ${t('segments.fromStrava')}` : ''}`;
  const picker = (value: string, onChange: (id: string) => void, testId: string, text: string) => (
    <label className="flex w-full min-w-0 flex-col gap-1 text-xs font-medium sm:w-auto sm:flex-1 text-slate-600 dark:text-slate-300">
      {text}
      <select
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      >
        {efforts.map((e) => (
          <option key={e.id} value={e.id}>
            {label(e)}
          </option>
        ))}
      </select>
    </label>
  );
  const avgSpeed = (e: SegmentEffort) => detail.segment.length_m / e.elapsed_s;
  const chartFallback = <div className="h-48 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />;
  const distanceX = (v: number) => f.distance(v);
  const cell = 'py-1 pr-2 tabular-nums';
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        {picker(aId, setA, 'compare-a', t('segments.effortA'))}
        {picker(bId, setB, 'compare-b', t('segments.effortB'))}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="compare-table">
          <thead>
            <tr className="text-left text-xs uppercase text-slate-500 dark:text-slate-400">
              <th className="py-1 pr-2" />
              <th className="py-1 pr-2" style={{ color: COLOR_A }}>
                {t('segments.effortA')}
              </th>
              <th className="py-1 pr-2" style={{ color: COLOR_B }}>
                {t('segments.effortB')}
              </th>
              <th className="py-1 pr-2">{t('segments.difference')}</th>
            </tr>
          </thead>
          <tbody className="text-slate-800 dark:text-slate-100">
            <tr>
              <td className="py-1 pr-2 text-slate-500">{t('segments.time')}</td>
              <td className={cell}>{formatSegmentTime(a.elapsed_s)}</td>
              <td className={cell}>{formatSegmentTime(b.elapsed_s)}</td>
              <td className={cell}>{signed(b.elapsed_s - a.elapsed_s, (v) => `${f.number(v, 1)} s`)}</td>
            </tr>
            <tr>
              <td className="py-1 pr-2 text-slate-500">{t('segments.chartPower')}</td>
              <td className={cell}>{f.watts(a.average_power_w)}</td>
              <td className={cell}>{f.watts(b.average_power_w)}</td>
              <td className={cell}>
                {signed(
                  a.average_power_w === null || b.average_power_w === null
                    ? null
                    : b.average_power_w - a.average_power_w,
                  (v) => f.watts(v),
                )}
              </td>
            </tr>
            <tr>
              <td className="py-1 pr-2 text-slate-500">{t('segments.speed')}</td>
              <td className={cell}>{f.speed(avgSpeed(a))}</td>
              <td className={cell}>{f.speed(avgSpeed(b))}</td>
              <td className={cell}>{signed(avgSpeed(b) - avgSpeed(a), (v) => f.speed(v))}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {data
        ? data.efforts.map((e, i) =>
            e.measured ? null : (
              <p
                key={e.id}
                className="text-sm text-slate-600 dark:text-slate-300"
                data-testid="compare-not-measured"
              >
                {t('segments.notMeasured', { effort: t(i === 0 ? 'segments.effortA' : 'segments.effortB') })}
              </p>
            ),
          )
        : null}
      {compare.isError ? (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-200">
          {t('segments.error')}
        </p>
      ) : !data || !curves ? (
        <div
          role="status"
          aria-label={t('segments.loading')}
          className="h-48 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800"
        />
      ) : (
        <>
          {curves.power.length > 0 ? (
            <TitledChart
              title={t('segments.powerTitle')}
              testId="compare-power-chart"
              xLabel={t('segments.distance')}
              x={data.distance_m}
              xTime={false}
              xFormat={distanceX}
              series={curves.power}
              height={200}
            />
          ) : null}
          {curves.speed.length > 0 ? (
            <TitledChart
              title={t('segments.speedTitle', { unit: speedUnit(f.units) })}
              testId="compare-speed-chart"
              xLabel={t('segments.distance')}
              x={data.distance_m}
              xTime={false}
              xFormat={distanceX}
              series={curves.speed}
              height={200}
            />
          ) : null}
          <div>
            <h4 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
              {t('segments.sectionsTitle')}
            </h4>
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="compare-sections">
                <thead>
                  <tr className="text-left text-xs uppercase text-slate-500 dark:text-slate-400">
                    <th className="py-1 pr-2" />
                    <th className="py-1 pr-2" style={{ color: COLOR_A }}>
                      {t('segments.effortA')}
                    </th>
                    <th className="py-1 pr-2" style={{ color: COLOR_B }}>
                      {t('segments.effortB')}
                    </th>
                    <th className="py-1 pr-2">{t('segments.difference')}</th>
                  </tr>
                </thead>
                {data.sections.map((s, j) => {
                  const [x, y] = s.efforts;
                  return (
                    <tbody
                      key={s.from_m}
                      className="text-slate-800 dark:text-slate-100"
                      data-testid="compare-section"
                    >
                      <tr>
                        <th
                          colSpan={4}
                          scope="rowgroup"
                          className="pt-3 pb-1 text-left text-xs font-semibold text-slate-600 dark:text-slate-300"
                        >
                          {t('segments.sectionHeading', {
                            n: j + 1,
                            from: f.distance(s.from_m),
                            to: f.distance(s.to_m),
                            grade: f.number(s.grade_pct, 1),
                          })}
                        </th>
                      </tr>
                      <tr>
                        <td className="py-1 pr-2 text-slate-500">{t('segments.time')}</td>
                        <td className={cell}>{x!.time_s === null ? '—' : formatSegmentTime(x!.time_s)}</td>
                        <td className={cell}>{y!.time_s === null ? '—' : formatSegmentTime(y!.time_s)}</td>
                        <td className={cell}>{signed(s.difference.time_s, (v) => `${f.number(v, 1)} s`)}</td>
                      </tr>
                      <tr>
                        <td className="py-1 pr-2 text-slate-500">{t('segments.chartPower')}</td>
                        <td className={cell}>{f.watts(x!.power_w)}</td>
                        <td className={cell}>{f.watts(y!.power_w)}</td>
                        <td className={cell}>{signed(s.difference.power_w, (v) => f.watts(v))}</td>
                      </tr>
                      <tr>
                        <td className="py-1 pr-2 text-slate-500">{t('segments.speed')}</td>
                        <td className={cell}>{f.speed(x!.speed_mps)}</td>
                        <td className={cell}>{f.speed(y!.speed_mps)}</td>
                        <td className={cell}>{signed(s.difference.speed_mps, (v) => f.speed(v))}</td>
                      </tr>
                    </tbody>
                  );
                })}
              </table>
            </div>
          </div>
        </>
      )}
      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t('segments.gapTitle')}
        </h4>
        {withSplits ? (
          <Suspense fallback={chartFallback}>
            <SegmentChart
              testId="compare-gap-chart"
              xLabel={t('segments.distance')}
              x={c.marksM}
              xTime={false}
              xFormat={distanceX}
              series={series}
            />
          </Suspense>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('segments.noGap')}</p>
        )}
      </div>
    </div>
  );
}

/** The segment card (spec 001 §2.4, issue 14): Rendimiento / Pacing / Comparación of one segment. */
export function SegmentCard({ source }: { source: AnalyticsSource }) {
  const { t } = useTranslation('analytics');
  const list = useSegments(source);
  const segments = list.data?.segments ?? [];
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const [view, setView] = useState<View>('performance');
  const selected = segments.find((s) => s.id === selectedId) ?? segments[0];
  const detail = useSegment(source, selected?.id);
  useEffect(() => {
    if (selectedId === undefined && segments[0]) setSelectedId(segments[0].id);
  }, [selectedId, segments]);
  return (
    <Card className="space-y-4 p-4 sm:p-6" data-testid="segment-card">
      <div>
        <h2 id="segments" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t('segments.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('segments.subtitle')}</p>
      </div>
      {list.isPending ? (
        <div
          role="status"
          aria-label={t('segments.loading')}
          className="h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800"
        />
      ) : list.isError ? (
        <div role="alert" className="text-sm text-slate-700 dark:text-slate-200">
          {t('segments.error')}{' '}
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('panel.retry')}
          </Button>
        </div>
      ) : !selected ? (
        <div
          data-testid="segments-empty"
          className="rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-600"
        >
          <p className="font-semibold text-slate-800 dark:text-slate-100">{t('segments.empty')}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('segments.emptyHint')}</p>
        </div>
      ) : (
        <>
          <SegmentSelector segments={segments} selected={selected} onSelect={setSelectedId} source={source} />
          <Segmented
            label={t('segments.view')}
            options={VIEWS}
            value={view}
            onChange={setView}
            text={(v) => t(`segments.views.${v}`)}
            testId="segment-view"
          />
          {detail.data && detail.data.segment.id === selected.id ? (
            view === 'performance' ? (
              <Performance detail={detail.data} />
            ) : view === 'pacing' ? (
              <Pacing detail={detail.data} />
            ) : (
              <Compare key={selected.id} detail={detail.data} source={source} />
            )
          ) : detail.isError ? (
            <p role="alert" className="text-sm text-slate-700 dark:text-slate-200">
              {t('segments.error')}
            </p>
          ) : (
            <div
              role="status"
              aria-label={t('segments.loading')}
              className="h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800"
            />
          )}
        </>
      )}
    </Card>
  );
}
