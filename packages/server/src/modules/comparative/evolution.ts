import { vo2maxFromFiveMinutePower } from '@vatio/analysis';
import type { EvolutionMetric, EvolutionPoint, EvolutionResponse } from '@vatio/schemas';
import type { AthleteSettingsRow } from '../../kernel/athlete-settings.repository.ts';
import type { RiderBaseline } from '../../kernel/athlete-settings.repository.ts';
import { rideDate, rideSettingsAt } from '../../kernel/ride-settings.ts';

/** Allen & Coggan's 20-minute test: FTP ≈ 95 % of the best 20 minutes (Training and Racing with a Power Meter). */
export const TWENTY_MIN_TEST_FACTOR = 0.95;
/** Spec 001 §4: "stable" under 2 % of change. */
export const STABLE_CHANGE_PCT = 2;

type Dated = { date: string };

/**
 * FTP points: every FTP the rider set (athlete settings), the FTP a device recorded or the eFTP a
 * ride was measured against whenever it changes, and 20-minute tests: rides whose best 20 minutes,
 * times 0.95, reach the FTP the ride was measured against (an effort that tested the FTP). Not
 * against an eFTP: that is CP fitted on a window holding the ride's own curve, which 0.95 · its best
 * 20 minutes nearly always reaches, so any ride would "test" it (a 30-min Zwift ride at 123 W did).
 */
export function ftpPoints(
  settings: readonly AthleteSettingsRow[],
  rides: readonly {
    id: string;
    start_time: Date;
    ftp_w: number | null;
    ftp_source: string | null;
    best_20min_w: number | null;
  }[],
): EvolutionPoint[] {
  const points: EvolutionPoint[] = settings
    .filter((s) => s.ftp_w !== null)
    .map((s) => ({
      date: s.effective_from,
      value: s.ftp_w!,
      basis: 'set',
      source: { kind: 'setting', id: s.id },
    }));
  const last: Record<string, number | undefined> = {};
  const tests = new Map<string, EvolutionPoint>();
  for (const r of rides) {
    const date = rideDate(r.start_time);
    const basis = r.ftp_source === 'file' ? 'device' : r.ftp_source === 'estimated' ? 'eftp' : undefined;
    if (basis && r.ftp_w !== null && r.ftp_w !== last[basis]) {
      last[basis] = r.ftp_w;
      points.push({ date, value: r.ftp_w, basis, source: { kind: 'ride', id: r.id } });
    }
    if (r.best_20min_w !== null && r.ftp_w !== null && r.ftp_source !== 'estimated') {
      const tested = Math.round(TWENTY_MIN_TEST_FACTOR * r.best_20min_w);
      // One test a week at most, its best: hard group rides would otherwise fill the chart.
      const week = isoWeekStart(date);
      const kept = tests.get(week);
      if (tested >= r.ftp_w && (!kept || tested > kept.value))
        tests.set(week, { date, value: tested, basis: 'test_20min', source: { kind: 'test', id: r.id } });
    }
  }
  return [...points, ...tests.values()];
}

export function weightPoints(settings: readonly AthleteSettingsRow[]): EvolutionPoint[] {
  return settings
    .filter((s) => s.weight_kg !== null)
    .map((s) => ({
      date: s.effective_from,
      value: s.weight_kg!,
      basis: 'set',
      source: { kind: 'setting', id: s.id },
    }));
}

/** CdA of each ride's stored whole-ride fit, rounded as the ride page shows it (3 decimals). */
export function cdaPoints(
  fits: readonly { id: string; start_time: Date; cda_m2: number }[],
): EvolutionPoint[] {
  return fits.map((f) => ({
    date: rideDate(f.start_time),
    value: Number(f.cda_m2.toFixed(3)),
    basis: 'aero_fit',
    source: { kind: 'ride', id: f.id },
  }));
}

/**
 * VO2max (ACSM leg-cycling equation on the best 5 minutes, @vatio/analysis vo2maxFromFiveMinutePower)
 * at the weight the ride's analysis used (rideSettingsAt: dated weight, else the profile's). One point
 * per ISO week: the week's best 5 minutes, since an easy ride's 5 minutes says nothing of the maximum.
 */
export function vo2maxPoints(
  bests: readonly { activity_id: string; start_time: Date; best_5min_w: number }[],
  baseline: RiderBaseline,
): EvolutionPoint[] {
  const weekly = new Map<string, EvolutionPoint>();
  for (const b of bests) {
    const date = rideDate(b.start_time);
    const massKg = rideSettingsAt(baseline, date, null).weightKg;
    if (massKg === undefined) continue;
    const vo2 = vo2maxFromFiveMinutePower({ power5MinW: b.best_5min_w, massKg });
    if (vo2 === undefined) continue;
    const point: EvolutionPoint = {
      date,
      value: Number(vo2.toFixed(1)),
      basis: 'five_min_power',
      source: { kind: 'ride', id: b.activity_id },
    };
    const week = isoWeekStart(date);
    const kept = weekly.get(week);
    if (!kept || point.value > kept.value) weekly.set(week, point);
  }
  return [...weekly.values()];
}

function isoWeekStart(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

const UNITS = { ftp: 'W', vo2max: 'ml/kg/min', cda: 'm2', weight: 'kg' } as const;
/** Which way is better: up for FTP and VO2max, down for CdA and weight (spec 001 §4). */
const BETTER_UP: Record<EvolutionMetric, boolean> = { ftp: true, vo2max: true, cda: false, weight: false };

/** The points of a range (from `from`, inclusive; all when null), oldest first, with current value and change. */
export function evolutionAnswer(
  metric: EvolutionMetric,
  range: EvolutionResponse['range'],
  from: string | null,
  all: readonly EvolutionPoint[],
): EvolutionResponse {
  const points = all
    .filter((p) => from === null || p.date >= from)
    .sort((a, b) => byDate(a, b) || a.source.id.localeCompare(b.source.id));
  const first = points[0];
  const last = points.at(-1);
  const change = first && last ? last.value - first.value : null;
  const changePct =
    first && last && first.value !== 0 ? (100 * (last.value - first.value)) / first.value : null;
  const digits = metric === 'cda' ? 3 : 1;
  return {
    metric,
    range,
    unit: UNITS[metric],
    from,
    points,
    current: last?.value ?? null,
    change: change === null ? null : Number(change.toFixed(digits)),
    change_pct: changePct === null ? null : Number(changePct.toFixed(1)),
    trend:
      changePct === null || points.length < 2
        ? null
        : Math.abs(changePct) < STABLE_CHANGE_PCT
          ? 'stable'
          : changePct > 0 === BETTER_UP[metric]
            ? 'improving'
            : 'declining',
    count: points.length,
  };
}

const byDate = (a: Dated, b: Dated) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
