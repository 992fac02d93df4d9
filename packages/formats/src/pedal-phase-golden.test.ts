/**
 * Golden test of platform centre offset and power phase on the real rides that carry them (Garmin Edge
 * 1030 Plus and Edge 1040 with dual-sided power pedals, shared corpus): the per-second channels read
 * from the records, and Vatio's ride averages (`pedalPhaseSummary`) against the device's own session
 * averages (FIT session avg_left_pco, avg_left_power_phase [start, end, arc, centre], …), read here
 * straight from the file with Garmin's SDK. Bounds: half a millimetre for PCO (the device writes whole
 * millimetres) and 2.5° for angles (under two FIT steps of 1.41°).
 */
import { Decoder, Stream } from '@garmin/fitsdk';
import { pedalPhaseSummary } from '@vatio/analysis';
import { describe, expect, it } from 'vitest';
import { decodeActivity } from './decode.ts';
import { hasFixtures, readFixture } from './test-support/fixtures.ts';

const SLOW = { timeout: 60_000 };
const EDGE_1030 = 'garmin-edge-1030plus-road-66min-power-laps.fit';
const EDGE_1040 = 'garmin-edge-1040-gear-changes-33min-power-no-session.fit';

type Fields = Record<string, unknown>;

function sdkMessages(name: string): { records: Fields[]; session: Fields | undefined } {
  const { messages } = new Decoder(Stream.fromByteArray([...readFixture(name)])).read();
  return {
    records: (messages.recordMesgs ?? []) as Fields[],
    session: (messages.sessionMesgs ?? [])[0] as Fields | undefined,
  };
}

/** Angular distance, degrees (350° and 2° are 12° apart). */
const angleGap = (a: number, b: number) => {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
};

describe('platform centre offset and power phase (cycling dynamics)', () => {
  it.runIf(hasFixtures(EDGE_1030))('agree with the Edge 1030 Plus session averages', SLOW, () => {
    const activity = decodeActivity(readFixture(EDGE_1030), EDGE_1030);
    const { session } = sdkMessages(EDGE_1030);
    const s = pedalPhaseSummary(activity.streams);
    expect(Math.abs(s.platformCentreOffsetLeftMm! - (session?.avgLeftPco as number))).toBeLessThanOrEqual(
      0.5,
    );
    expect(Math.abs(s.platformCentreOffsetRightMm! - (session?.avgRightPco as number))).toBeLessThanOrEqual(
      0.5,
    );
    const legs = [
      [s.powerPhaseLeft, session?.avgLeftPowerPhase, session?.avgLeftPowerPhasePeak],
      [s.powerPhaseRight, session?.avgRightPowerPhase, session?.avgRightPowerPhasePeak],
    ] as const;
    for (const [leg, device, devicePeak] of legs) {
      const [start, end, arc] = device as number[];
      const [peakStart, peakEnd, peakArc] = devicePeak as number[];
      expect(angleGap(leg!.phase.startDeg, start!)).toBeLessThanOrEqual(2.5);
      expect(angleGap(leg!.phase.endDeg, end!)).toBeLessThanOrEqual(2.5);
      expect(Math.abs(leg!.phase.arcDeg - arc!)).toBeLessThanOrEqual(2.5);
      expect(angleGap(leg!.peak!.startDeg, peakStart!)).toBeLessThanOrEqual(2.5);
      expect(angleGap(leg!.peak!.endDeg, peakEnd!)).toBeLessThanOrEqual(2.5);
      expect(Math.abs(leg!.peak!.arcDeg - peakArc!)).toBeLessThanOrEqual(2.5);
    }
  });

  it.runIf(hasFixtures(EDGE_1040))(
    'keep every record’s reading on the 1 Hz timeline (Edge 1040)',
    SLOW,
    () => {
      const activity = decodeActivity(readFixture(EDGE_1040), EDGE_1040);
      const { records } = sdkMessages(EDGE_1040);
      const count = (values: Float64Array | undefined) => {
        let n = 0;
        for (const v of values ?? []) if (Number.isFinite(v)) n++;
        return n;
      };
      const withField = (field: string, k?: number) =>
        records.filter((r) => {
          const v = r[field];
          return k === undefined ? typeof v === 'number' : Array.isArray(v) && typeof v[k] === 'number';
        }).length;
      const st = activity.streams;
      // One record a second: each reading is one second of the channel (none lost, none invented).
      expect(count(st.platformCentreOffsetLeftMm)).toBe(withField('leftPco'));
      expect(count(st.platformCentreOffsetRightMm)).toBe(withField('rightPco'));
      expect(count(st.powerPhaseStartLeftDeg)).toBe(withField('leftPowerPhase', 0));
      expect(count(st.powerPhaseEndRightDeg)).toBe(withField('rightPowerPhase', 1));
      expect(count(st.powerPhasePeakStartRightDeg)).toBe(withField('rightPowerPhasePeak', 0));
      const s = pedalPhaseSummary(st);
      for (const leg of [s.powerPhaseLeft, s.powerPhaseRight]) {
        // A power phase that starts near top dead centre and ends past bottom dead centre, its peak on
        // the downstroke (Garmin's description; Kautz et al. 1991).
        expect(angleGap(leg!.phase.startDeg, 0)).toBeLessThan(30);
        expect(leg!.phase.endDeg).toBeGreaterThan(180);
        expect(leg!.peak!.startDeg).toBeGreaterThan(45);
        expect(leg!.peak!.endDeg).toBeLessThan(150);
      }
      expect(Math.abs(s.platformCentreOffsetLeftMm!)).toBeLessThan(10);
    },
  );

  it('are absent from rides without dual-sided pedal dynamics', SLOW, () => {
    const name = 'garmin-edge-810-vector-road-1h18-power-laps.fit';
    const s = decodeActivity(readFixture(name), name).streams;
    expect(s.platformCentreOffsetLeftMm).toBeUndefined();
    expect(s.powerPhaseStartLeftDeg).toBeUndefined();
  });
});
