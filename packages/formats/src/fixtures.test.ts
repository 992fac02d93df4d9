import { describe, expect, it } from 'vitest';
import type { Activity } from './activity.ts';
import { decodeActivity } from './decode.ts';
import { parseGpx } from './gpx/decode-gpx.ts';
import { parseTcx } from './tcx/decode-tcx.ts';
import { hasFixtures, loadExpected, readFixture } from './test-support/fixtures.ts';
import { lastFinite } from './timeline/resample.ts';

const expected = loadExpected();
const names = Object.keys(expected).sort();
/** The rides kept in the repository (packages/formats/fixtures): these checks never depend on the shared corpus. */
const VENDORED = [
  'garmin-edge-800-indoor-trainer-38min-power-laps.fit',
  'garmin-edge-810-vector-road-1h18-power-laps.fit',
  'zwift-virtual-ride-30min-power.fit',
];
const cache = new Map<string, Activity>();
const SLOW = { timeout: 60_000 };

function decoded(name: string): Activity {
  let activity = cache.get(name);
  if (!activity) {
    activity = decodeActivity(readFixture(name), name);
    cache.set(name, activity);
  }
  return activity;
}

/** Figures for the XML files, from MANIFEST.md (expected.json has no session for them). */
const XML_FIGURES: Record<
  string,
  { spanS: number; distanceM?: number; pointsMeanW?: number; laps?: number }
> = {
  'garmin-edge-705-road-2h25-power.tcx': { spanS: 8685, distanceM: 50970.9, pointsMeanW: 177.34, laps: 1 },
  'garmin-fr310xt-velodrome-8min-power-laps.tcx': {
    spanS: 485,
    distanceM: 4677.9,
    pointsMeanW: 209.13,
    laps: 5,
  },
  'strava-gpx-export-of-edge-1000-road-2h20-power.gpx': {
    spanS: 8356,
    distanceM: 57567.24,
    pointsMeanW: 219.07,
  },
  'urban-biker-app-1h04-hr-cadence-no-power.gpx': { spanS: 3851 },
};

function meanOf(values: Iterable<number | undefined>): number {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v !== undefined && Number.isFinite(v)) {
      sum += v;
      n++;
    }
  }
  return sum / n;
}

describe('real ride fixtures', () => {
  it('include the vendored rides in every clone', () => {
    expect(names).toEqual(expect.arrayContaining(VENDORED));
  });

  describe.each(names)('%s', (name) => {
    const exp = expected[name];
    const session = exp?.device_session;

    it('decodes into a cycling activity with consistent streams', SLOW, () => {
      const a = decoded(name);
      expect(a.sport).toBe('cycling');
      const n = a.streams.timeS.length;
      expect(n).toBeGreaterThan(60);
      expect(a.streams.gapMask.length).toBe(n);
      for (const [key, values] of Object.entries(a.streams)) {
        if (key !== 'timeS' && key !== 'gapMask') expect((values as Float64Array).length, key).toBe(n);
      }
      for (let i = 0; i < n; i++)
        if (a.streams.gapMask[i] === 1) expect(a.streams.powerW?.[i] ?? Number.NaN).toBeNaN();
    });

    it('reports file integrity as the SDK judges it', SLOW, () => {
      const a = decoded(name);
      if (exp?.format === 'FIT') expect(a.integrity).toBe(exp.integrity_ok);
      else expect(a.integrity).toBeUndefined();
      if (exp?.integrity_ok === false) expect(a.warnings.join(' ')).toMatch(/CRC/);
    });

    it.runIf(session?.start_time)('starts when the device session starts', SLOW, () => {
      expect(decoded(name).startTime.toISOString().replace('.000Z', 'Z')).toBe(session?.start_time);
    });

    it.runIf(session?.distance_m)('covers the device session distance within 1 %', SLOW, () => {
      const distance = lastFinite(decoded(name).streams.distanceM) ?? 0;
      const target = session?.distance_m ?? 0;
      expect(Math.abs(distance - target) / target).toBeLessThan(0.01);
    });

    it.runIf(session?.timer_time_s !== undefined)('matches the device timer and elapsed times', SLOW, () => {
      const a = decoded(name);
      const timer = session?.timer_time_s ?? 0;
      expect(Math.abs(a.timerTimeS - timer)).toBeLessThanOrEqual(3);
      const elapsed = session?.elapsed_time_s;
      if (elapsed === undefined) return;
      if (elapsed >= timer) {
        expect(Math.abs(a.elapsedTimeS - elapsed)).toBeLessThanOrEqual(3);
      } else {
        // The 1030 Plus virtual ride records elapsed < timer: kept as the device's figure, not used.
        expect(a.deviceSummary.elapsedTimeS).toBe(elapsed);
        expect(Math.abs(a.elapsedTimeS - timer)).toBeLessThanOrEqual(3);
      }
    });

    it.runIf(session)("keeps the device's own session figures exactly", SLOW, () => {
      const s = decoded(name).deviceSummary;
      const pairs: Array<[number | undefined, number | undefined]> = [
        [s.normalizedPowerW, session?.normalized_w],
        [s.trainingStressScore, session?.training_stress_score],
        [s.intensityFactor, session?.intensity_factor],
        [s.ftpW, session?.ftp_w],
        [s.avgPowerW, session?.average_w],
        [s.maxPowerW, session?.max_w],
        [s.avgHeartRateBpm, session?.average_bpm],
        [s.maxHeartRateBpm, session?.max_bpm],
        [s.avgCadenceRpm, session?.average_rpm],
        [s.ascentM, session?.elevation_gain_m],
        [s.timerTimeS, session?.timer_time_s],
      ];
      for (const [actual, want] of pairs) if (want !== undefined) expect(actual).toBe(want);
      if (session?.work_kj !== undefined) expect((s.workJ ?? 0) / 1000).toBeCloseTo(session.work_kj, 6);
    });
  });

  describe.each(Object.entries(XML_FIGURES).filter(([name]) => hasFixtures(name)))('%s', (name, figures) => {
    it('spans the recorded time and distance', SLOW, () => {
      const a = decoded(name);
      expect(Math.abs(a.elapsedTimeS - figures.spanS)).toBeLessThanOrEqual(2);
      if (figures.distanceM !== undefined) {
        const distance = lastFinite(a.streams.distanceM) ?? 0;
        expect(Math.abs(distance - figures.distanceM) / figures.distanceM).toBeLessThan(0.01);
      }
      if (figures.laps !== undefined) expect(a.laps).toHaveLength(figures.laps);
    });

    it.runIf(figures.pointsMeanW)('reads the same power points as the manifest', SLOW, () => {
      const parts = name.endsWith('.tcx') ? parseTcx(readFixture(name)) : parseGpx(readFixture(name));
      expect(meanOf(parts.points.map((p) => p.values.powerW))).toBeCloseTo(figures.pointsMeanW ?? 0, 2);
    });
  });

  it.runIf(
    hasFixtures(
      'garmin-edge-1000-road-2h20-power-ftp200.fit',
      'strava-gpx-export-of-edge-1000-road-2h20-power.gpx',
    ),
  )('gives the same ride from the Edge 1000 FIT and its Strava GPX export', SLOW, () => {
    const fit = decoded('garmin-edge-1000-road-2h20-power-ftp200.fit');
    const gpx = decoded('strava-gpx-export-of-edge-1000-road-2h20-power.gpx');
    expect(gpx.startTime.getTime()).toBe(fit.startTime.getTime());
    expect(Math.abs(gpx.streams.timeS.length - fit.streams.timeS.length)).toBeLessThanOrEqual(2);
    expect(meanOf(gpx.streams.powerW ?? [])).toBeCloseTo(meanOf(fit.streams.powerW ?? []), 1);
    expect(meanOf(gpx.streams.heartRateBpm ?? [])).toBeCloseTo(meanOf(fit.streams.heartRateBpm ?? []), 1);
  });

  it.runIf(hasFixtures('garmin-fr935-triathlon-9h30-multisport-power.fit'))(
    'takes only the bike leg of the triathlon',
    SLOW,
    () => {
      const a = decoded('garmin-fr935-triathlon-9h30-multisport-power.fit');
      expect(a.sessions?.map((s) => s.sport)).toEqual([
        'swimming',
        'transition',
        'cycling',
        'transition',
        'running',
      ]);
      expect(a.sessions?.find((s) => s.selected)?.sport).toBe('cycling');
      expect(a.laps).toHaveLength(19);
      expect(a.streams.distanceM?.[0] ?? Number.NaN).toBeLessThan(20);
    },
  );

  it('decodes Vector L/R balance as the left leg share', SLOW, () => {
    const vector = decoded('garmin-edge-810-vector-road-1h18-power-laps.fit');
    expect(vector.deviceSummary.leftRightBalancePct).toBeCloseTo(50.16, 2);
    const left = meanOf(vector.streams.leftRightBalancePct ?? []);
    expect(left).toBeGreaterThan(40);
    expect(left).toBeLessThan(60);
  });

  it.runIf(hasFixtures('srm-road-1h55-power-pedal-dynamics-no-laps.fit'))(
    'decodes pedal dynamics per leg',
    SLOW,
    () => {
      const srm = decoded('srm-road-1h55-power-pedal-dynamics-no-laps.fit');
      expect(srm.streams.torqueEffectivenessLeftPct).toBeDefined();
      expect(srm.streams.pedalSmoothnessRightPct).toBeDefined();
      expect(srm.laps).toHaveLength(0);
    },
  );

  it('treats heart rates of 0 as absent', SLOW, () => {
    expect(decoded('zwift-virtual-ride-30min-power.fit').streams.heartRateBpm).toBeUndefined();
  });

  it.runIf(
    hasFixtures('sigma-road-4h40-truncated-zero-power.fit', 'garmin-edge-510-road-55min-power-no-hr.fit'),
  )('treats a power channel of zeros and a missing heart rate as absent', SLOW, () => {
    expect(decoded('sigma-road-4h40-truncated-zero-power.fit').streams.powerW).toBeUndefined();
    expect(decoded('garmin-edge-510-road-55min-power-no-hr.fit').streams.heartRateBpm).toBeUndefined();
  });

  it.runIf(hasFixtures('garmin-edge-mtb-stages-road-1h28-power.fit'))(
    'marks the timer pauses of a ride with auto-pause as gaps',
    SLOW,
    () => {
      const a = decoded('garmin-edge-mtb-stages-road-1h28-power.fit');
      const gaps = a.streams.gapMask.reduce((sum, g) => sum + g, 0);
      // elapsed 5304.7 s, timer 4739.7 s: the pauses are about 565 s.
      expect(gaps).toBeGreaterThan(500);
      expect(gaps).toBeLessThan(620);
    },
  );

  it.runIf(hasFixtures('igpsport-road-2h46-smart-recording-no-power.fit'))(
    'fills smart-recording holes instead of reading them as gaps',
    SLOW,
    () => {
      const a = decoded('igpsport-road-2h46-smart-recording-no-power.fit');
      const active = a.streams.gapMask.length - a.streams.gapMask.reduce((sum, g) => sum + g, 0);
      expect(Math.abs(active - 9142) / 9142).toBeLessThan(0.05);
    },
  );
});
