import { describe, expect, it } from 'vitest';
import { decodeActivity } from './decode.ts';
import {
  fixtureNames,
  hasFixtures,
  readFixture,
  SHARED_DIR,
  sharedCorpusExists,
} from './test-support/fixtures.ts';

/**
 * Issue 25, item 3: no lap outlasts the ride. Over every ride available (the vendored ones always; the
 * shared corpus when present, and its absence is said in the suite's name and printed, never silent).
 */
const names = fixtureNames();
const corpus = sharedCorpusExists
  ? `${names.length} rides with the shared corpus`
  : `SHARED CORPUS ABSENT at ${SHARED_DIR} (set VATIO_FIXTURES): ${names.length} vendored rides only`;
if (!sharedCorpusExists) console.warn(`laps-fixtures: ${corpus}`);
const SLOW = { timeout: 60_000 };
/** Rounding allowance for one lap's end against the ride's, s (FIT times are ms, the timeline whole s). */
const TOLERANCE_S = 1;

describe(`laps fit inside the ride (${corpus})`, () => {
  describe.each(names)('%s', (name) => {
    it('each lap ends within the ride and the laps add up to no more than it', SLOW, () => {
      const a = decodeActivity(readFixture(name), name);
      let sumS = 0;
      for (const [i, lap] of a.laps.entries()) {
        const durationS = lap.elapsedTimeS ?? 0;
        expect(lap.startTimeS, `lap ${i + 1} start`).toBeGreaterThanOrEqual(0);
        expect(lap.startTimeS + durationS, `lap ${i + 1} end`).toBeLessThanOrEqual(
          a.elapsedTimeS + TOLERANCE_S,
        );
        if (lap.timerTimeS !== undefined) expect(lap.timerTimeS).toBeLessThanOrEqual(durationS + TOLERANCE_S);
        sumS += durationS;
      }
      expect(sumS).toBeLessThanOrEqual(a.elapsedTimeS + TOLERANCE_S);
    });
  });
});

const VIRTUAL = 'garmin-edge-1030plus-virtual-ride-46min-power.fit.gz';

describe(`the Edge 1030 Plus virtual ride's laps (${hasFixtures(VIRTUAL) ? 'present' : 'SHARED CORPUS ABSENT'})`, () => {
  it.runIf(hasFixtures(VIRTUAL))(
    'are cut where the next begins and the ride ends, with figures measured from the streams',
    SLOW,
    () => {
      // The file: lap 1 from 0 s stating 3,000 s, lap 2 from 300 s stating 3,300 s, no figures; the
      // ride's records span 2,759 s. So the windows are [0, 300) and [300, 2759).
      const a = decodeActivity(readFixture(VIRTUAL), VIRTUAL);
      expect(a.laps.map((l) => [l.startTimeS, l.elapsedTimeS])).toEqual([
        [0, 300],
        [300, a.elapsedTimeS - 300],
      ]);
      const power = a.streams.powerW!;
      const heart = a.streams.heartRateBpm!;
      // Plain means over the recorded seconds of each window, worked here apart from the decoder.
      const mean = (values: Float64Array, from: number, to: number) => {
        let sum = 0;
        let n = 0;
        for (let i = from; i < Math.min(to, values.length); i++) {
          if (a.streams.gapMask[i] === 0 && Number.isFinite(values[i]!)) {
            sum += values[i]!;
            n++;
          }
        }
        return sum / n;
      };
      for (const [lap, from, to] of [
        [a.laps[0]!, 0, 300],
        [a.laps[1]!, 300, a.streams.timeS.length],
      ] as const) {
        expect(lap.avgPowerW).toBeCloseTo(mean(power, from, to), 6);
        expect(lap.avgHeartRateBpm).toBeCloseTo(mean(heart, from, to), 6);
        expect(lap.normalizedPowerW).toBeGreaterThan(0);
        expect(lap.maxPowerW).toBeGreaterThanOrEqual(lap.avgPowerW ?? Number.POSITIVE_INFINITY);
        expect(lap.distanceM).toBeDefined();
      }
      // The second lap covers the whole distance the device recorded for the session (14,921.2 m).
      expect(Math.abs((a.laps[1]!.distanceM ?? 0) - 14921.2)).toBeLessThan(150);
    },
  );
});
