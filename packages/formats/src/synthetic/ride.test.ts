import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../activity.ts';
import { decodeActivity } from '../decode.ts';
import { encodeFit } from '../fit/encode.ts';
import { airDensityKgM3, nextSpeed } from './physics.ts';
import { generateRide } from './ride.ts';

const mean = (values: Float64Array | undefined, from = 0, to = values?.length ?? 0) => {
  let sum = 0;
  let n = 0;
  for (let i = from; i < to; i++) {
    const v = values?.[i];
    if (v !== undefined && Number.isFinite(v)) {
      sum += v;
      n++;
    }
  }
  return sum / n;
};

describe('power model', () => {
  it('gives the standard sea-level air density of about 1.225 kg/m³ at 15 °C', () => {
    expect(airDensityKgM3(0, 15)).toBeCloseTo(1.225, 3);
    expect(airDensityKgM3(2000, 15)).toBeLessThan(1.05);
  });

  it('settles at the speed where 250 W balances drag and rolling resistance on the flat', () => {
    const setup = { massKg: 80, cdaM2: 0.32, crr: 0.004, drivetrainEfficiency: 0.976 };
    let v = 5;
    for (let i = 0; i < 300; i++)
      v = nextSpeed(setup, { powerW: 250, speedMps: v, gradient: 0, headWindMps: 0, rhoKgM3: 1.2 });
    const resist = 0.5 * 1.2 * 0.32 * v ** 3 + 0.004 * 80 * 9.80665 * v;
    expect(resist).toBeCloseTo(250 * 0.976, 0);
    expect(v).toBeGreaterThan(9);
    expect(v).toBeLessThan(11);
  });
});

describe('generateRide', () => {
  const ride = generateRide({ seed: 7, durationS: 3600 });
  const s = ride.streams;

  it('is reproducible from its seed', () => {
    expect([...(generateRide({ seed: 7, durationS: 300 }).streams.powerW ?? [])]).toEqual([
      ...(generateRide({ seed: 7, durationS: 300 }).streams.powerW ?? []),
    ]);
  });

  it('rides at plausible speeds and averages below FTP', () => {
    expect(mean(s.speedMps)).toBeGreaterThan(6);
    expect(mean(s.speedMps)).toBeLessThan(12);
    expect(mean(s.powerW)).toBeGreaterThan(120);
    expect(mean(s.powerW)).toBeLessThan(250);
  });

  it('raises heart rate with a lag after an interval starts', () => {
    // The first interval starts after the 10-minute warm-up.
    const early = mean(s.heartRateBpm, 600, 615);
    const late = mean(s.heartRateBpm, 870, 900);
    expect(late - early).toBeGreaterThan(5);
  });

  it('stops pedalling while coasting', () => {
    for (let i = 0; i < s.timeS.length; i++) if (s.powerW?.[i] === 0) expect(s.cadenceRpm?.[i]).toBe(0);
  });
});

describe('a hard set late in the ride (lateEffort)', () => {
  it('puts the efforts where asked and leaves the start of the ride as it was', () => {
    const base = {
      seed: 5,
      durationS: 7200,
      ftpW: 250,
      intervals: { count: 0, workS: 0, restS: 0, intervalPct: 0.7 },
    };
    const plain = generateRide(base).streams.powerW!;
    const late = generateRide({
      ...base,
      lateEffort: { atFraction: 0.75, count: 2, workS: 300, restS: 300, intervalPct: 1.1 },
    }).streams.powerW!;
    const mean = (p: Float64Array, from: number, to: number) =>
      p.subarray(from, to).reduce((a, b) => a + b, 0) / (to - from);
    expect([...late.subarray(0, 5400)]).toEqual([...plain.subarray(0, 5400)]);
    expect(mean(late, 5400, 5700)).toBeGreaterThan(1.3 * mean(plain, 5400, 5700));
  });
});

describe('platform centre offset and power phase (pedalPhase)', () => {
  it('leave every other channel of the seed as it was, and exist only while pedalling', () => {
    const plain = generateRide({ seed: 11, durationS: 1200 }).streams;
    const phased = generateRide({ seed: 11, durationS: 1200, pedalPhase: true }).streams;
    expect(plain.powerPhaseStartLeftDeg).toBeUndefined();
    for (const name of CHANNELS) {
      if (name.startsWith('powerPhase') || name.startsWith('platformCentreOffset')) continue;
      expect([...(phased[name] ?? [])], name).toEqual([...(plain[name] ?? [])]);
    }
    for (let i = 0; i < phased.timeS.length; i++) {
      const pedalling = (phased.powerW?.[i] ?? 0) > 0;
      expect(Number.isFinite(phased.powerPhaseStartLeftDeg?.[i]), `${i}`).toBe(pedalling);
      if (!pedalling) continue;
      const start = phased.powerPhaseStartLeftDeg?.[i] ?? Number.NaN;
      expect(start >= 0 && start < 360).toBe(true);
      expect(Math.abs(phased.platformCentreOffsetRightMm?.[i] ?? 99)).toBeLessThan(15);
    }
  });
});

describe('FIT round trip', () => {
  it('decodes an encoded synthetic ride back to the same streams, gaps included', { timeout: 60_000 }, () => {
    const ride = generateRide({ seed: 3, durationS: 1800, pedalPhase: true });
    for (let i = 600; i < 660; i++) {
      ride.streams.gapMask[i] = 1;
      for (const name of CHANNELS) {
        const values = ride.streams[name];
        if (values) values[i] = Number.NaN;
      }
    }
    const bytes = encodeFit(ride);
    const back = decodeActivity(bytes, 'synthetic.fit');
    expect(back.integrity).toBe(true);
    expect(back.sport).toBe('cycling');
    expect(back.startTime.getTime()).toBe(ride.startTime.getTime());
    expect(back.streams.timeS.length).toBe(ride.streams.timeS.length);
    expect([...back.streams.gapMask]).toEqual([...ride.streams.gapMask]);
    for (const name of CHANNELS) {
      const a = ride.streams[name];
      const b = back.streams[name];
      expect(b, name).toBeDefined();
      for (let i = 0; i < (a?.length ?? 0); i++) {
        const x = a?.[i] ?? Number.NaN;
        const y = b?.[i] ?? Number.NaN;
        if (Number.isNaN(x)) expect(y, `${name}[${i}]`).toBeNaN();
        else expect(Math.abs(x - y), `${name}[${i}]`).toBeLessThan(1e-6);
      }
    }
  });
});
