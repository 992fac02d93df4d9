import { describe, expect, it } from 'vitest';
import {
  courseTimeS,
  DEFAULT_AIR_DENSITY,
  DRIVETRAIN_EFFICIENCY,
  EVENT_COURSES,
  GRAVITY_MPS2,
  predictEvent,
  speedForPowerMps,
  sustainablePowerW,
} from './events.ts';
import { ftpTrend, studentT975 } from './ftp-trend.ts';
import { daysToTest, plateauRisk, predictionConfidence } from './readiness.ts';
import { predictiveSummary } from './summary.ts';
import { energyByZoneKj, surgeCount, tacticalAdvice, wPrimeMatches } from './tactical.ts';

const seconds = (...parts: Array<[number, number]>) => {
  const values: number[] = [];
  for (const [count, watts] of parts) for (let i = 0; i < count; i++) values.push(watts);
  return { powerW: Float64Array.from(values), gapMask: new Uint8Array(values.length) };
};

describe('ftpTrend', () => {
  it('projects an exact line with no uncertainty', () => {
    const trend = ftpTrend(
      [
        { date: '2026-01-01', ftpW: 250 },
        { date: '2026-01-08', ftpW: 252 },
        { date: '2026-01-15', ftpW: 254 },
        { date: '2026-01-22', ftpW: 256 },
      ],
      { asOfDate: '2026-01-22', horizonDays: 28 },
    )!;
    expect(trend.rateWPerWeek).toBeCloseTo(2, 12);
    expect(trend.predictedFtpW).toBeCloseTo(264, 9);
    expect(trend.lowW).toBeCloseTo(264, 9);
    expect(trend.highW).toBeCloseTo(264, 9);
    expect(trend.r2).toBeCloseTo(1, 12);
  });

  it('gives the 95 % prediction interval, worked by hand', () => {
    // x = −14, −7, 0 d; y = 250, 254, 252 W: x̄ = −7, ȳ = 252, Sxx = 98, Sxy = 14 → 1/7 W/d;
    // intercept 253, ŷ(14) = 255; residuals −1, 2, −1 → SSE 6, s = √6;
    // half-width = t(0.975, 1) · √6 · √(1 + 1/3 + 21²/98) = 12.706 · 2.4495 · 2.4152 = 75.17.
    const trend = ftpTrend(
      [
        { date: '2026-03-01', ftpW: 250 },
        { date: '2026-03-08', ftpW: 254 },
        { date: '2026-03-15', ftpW: 252 },
      ],
      { asOfDate: '2026-03-15', horizonDays: 14 },
    )!;
    expect(trend.predictedFtpW).toBeCloseTo(255, 9);
    expect(trend.rateWPerWeek).toBeCloseTo(1, 9);
    expect(trend.highW - trend.predictedFtpW).toBeCloseTo(
      12.706 * Math.sqrt(6) * Math.sqrt(4 / 3 + 441 / 98),
      6,
    );
    expect(trend.highW - trend.predictedFtpW).toBeCloseTo(75.17, 1);
    expect(trend.predictedFtpW - trend.lowW).toBeCloseTo(trend.highW - trend.predictedFtpW, 9);
  });

  it('needs three estimates on different days', () => {
    expect(ftpTrend([{ date: '2026-01-01', ftpW: 250 }], { asOfDate: '2026-01-01', horizonDays: 7 })).toBe(
      undefined,
    );
    expect(studentT975(25)).toBe(2.086);
  });
});

describe('readiness', () => {
  it('waits for freshness: TSB after rest, worked by hand', () => {
    // CTL 60, ATL 80: TSB on rest day d = 60·e^(−(d−1)/42) − 80·e^(−(d−1)/7):
    // d=3: 57.21 − 60.12 = −2.9; d=4: 55.86 − 52.12 = +3.7 → fresh in 4 days.
    const noRecentEffort = daysToTest({ ctl: 60, atl: 80, tsbToday: -15, lastMaximalEffortAgeDays: 40 });
    expect(noRecentEffort).toEqual({ days: 4, reason: 'needs-freshness', freshInDays: 4, dueInDays: 0 });
    const recent = daysToTest({ ctl: 60, atl: 80, tsbToday: -15, lastMaximalEffortAgeDays: 10 });
    expect(recent).toMatchObject({ days: 18, reason: 'recent-maximal-effort' });
  });

  it('tests now when fresh and due', () => {
    expect(daysToTest({ ctl: 50, atl: 45, tsbToday: 3, lastMaximalEffortAgeDays: 30 }).reason).toBe('ready');
    expect(daysToTest({ ctl: 50, atl: 45, tsbToday: 3, lastMaximalEffortAgeDays: undefined })).toMatchObject({
      days: 0,
      reason: 'no-maximal-effort',
    });
  });

  it('grades confidence from efforts and the interval', () => {
    const line = { fitPoints: 10, r2: 0.9 };
    expect(
      predictionConfidence({ hardEfforts: 8, maximalEfforts: 3, intervalHalfWidthPct: 2.9, ...line }).level,
    ).toBe('high');
    expect(
      predictionConfidence({ hardEfforts: 5, maximalEfforts: 1, intervalHalfWidthPct: 5, ...line }).level,
    ).toBe('medium');
    expect(
      predictionConfidence({ hardEfforts: 3, maximalEfforts: 0, intervalHalfWidthPct: 10, ...line }).level,
    ).toBe('low');
  });

  it('never says high from a line through few estimates or one that explains little (issue 25)', () => {
    // The report: "Alta" from a trend of 4 estimates with R² 0.53 and a narrow interval (6 points).
    const strong = { hardEfforts: 8, maximalEfforts: 3, intervalHalfWidthPct: 2 };
    expect(predictionConfidence({ ...strong, fitPoints: 4, r2: 0.53 })).toEqual({
      level: 'low',
      points: 6,
      cappedBy: 'few_points',
    });
    // 5–7 estimates: at most medium; 8 with R² under 0.5: at most medium; 8 with R² 0.5: high.
    expect(predictionConfidence({ ...strong, fitPoints: 5, r2: 0.95 })).toMatchObject({
      level: 'medium',
      cappedBy: 'few_points',
    });
    expect(predictionConfidence({ ...strong, fitPoints: 7, r2: 0.95 }).level).toBe('medium');
    expect(predictionConfidence({ ...strong, fitPoints: 8, r2: 0.49 })).toMatchObject({
      level: 'medium',
      cappedBy: 'weak_fit',
    });
    expect(predictionConfidence({ ...strong, fitPoints: 8, r2: 0.5 })).toEqual({
      level: 'high',
      points: 6,
      cappedBy: undefined,
    });
    // A cap above the level the points give changes nothing and names nothing.
    expect(
      predictionConfidence({
        hardEfforts: 0,
        maximalEfforts: 0,
        intervalHalfWidthPct: 20,
        fitPoints: 4,
        r2: 0.1,
      }),
    ).toEqual({ level: 'low', points: 0, cappedBy: undefined });
  });

  it('rates plateau risk from a flat FTP and a flat CTL', () => {
    expect(plateauRisk({ ftpRateWPerWeek: 0.2, ctlChange28d: 1 })).toMatchObject({
      value: 0.8,
      level: 'high',
    });
    expect(plateauRisk({ ftpRateWPerWeek: 2, ctlChange28d: 1 })).toMatchObject({
      value: 0.5,
      level: 'moderate',
    });
    expect(plateauRisk({ ftpRateWPerWeek: 2, ctlChange28d: 6 })).toMatchObject({ value: 0.2, level: 'low' });
  });
});

describe('tactical', () => {
  it('counts surges: bursts under 30 s apart are one, a pause separates', () => {
    // FTP 200 → threshold 240 W on the 5-s mean.
    const ride = seconds([60, 150], [10, 400], [10, 150], [10, 400], [60, 150], [10, 400], [60, 150]);
    expect(surgeCount(ride, 200)).toBe(2);
    const paused = seconds([60, 150], [10, 400], [1, 0], [10, 400], [60, 150]);
    paused.gapMask[70] = 1;
    expect(surgeCount(paused, 200)).toBe(2);
    expect(surgeCount(seconds([600, 230]), 200)).toBe(0);
  });

  it('counts matches from W′ balance drops of 20 % of W′', () => {
    // W′ 20 kJ: a match is a 4 kJ drop; another needs 2 kJ back from the low first.
    const balance = [20_000, 15_000, 16_000, 14_000, 17_000, 12_000, 20_000, 19_000];
    expect(wPrimeMatches(balance, 20_000)).toBe(2);
    expect(wPrimeMatches([20_000, 16_500, 20_000], 20_000)).toBe(0);
  });

  it('adds work per intensity band in kJ', () => {
    // FTP 200: 100 s at 100 W endurance 10 kJ; 100 s at 150 W (75 %, the boundary) tempo 15 kJ;
    // 10 s at 300 W neuromuscular 3 kJ; a paused second at 1000 W counts nothing.
    const ride = seconds([100, 100], [100, 150], [10, 300], [1, 1000]);
    ride.gapMask[210] = 1;
    expect(energyByZoneKj(ride, 200)).toEqual({
      endurance: 10,
      tempo: 15,
      threshold: 0,
      vo2max: 0,
      neuromuscular: 3,
    });
  });

  it('writes three advice blocks from the figures', () => {
    const keys = tacticalAdvice({
      surgesPerHour: 25,
      matchesPerHour: 0.5,
      energyKj: { endurance: 900, tempo: 50, threshold: 30, vo2max: 10, neuromuscular: 10 },
    }).map((a) => a.key);
    expect(keys).toEqual([
      'tactical.advice.surges.frequent',
      'tactical.advice.matches.none',
      'tactical.advice.energy.aerobic',
    ]);
  });
});

describe('events', () => {
  const physics = { massKg: 80, cdaM2: 0.32, crr: 0.004, airDensity: DEFAULT_AIR_DENSITY };

  it('solves the steady power balance with the wheel-bearing loss (Martin et al. 1998 eq. 6)', () => {
    // No rolling resistance on the flat: η·P = ½·ρ·CdA·v³ + v·(0.091 + 0.0087·v), 195.2 W.
    // Without bearings v = (195.2 / 0.196)^(1/3) = 9.986 m/s; at 9.986 m/s the bearings take
    // 9.986 · (0.091 + 0.0869) = 1.776 W, so the speed falls by about a third of 1.776/195.2: ≈ 0.3 %.
    const v = speedForPowerMps(200, 0, { ...physics, crr: 0 });
    expect(0.5 * 1.225 * 0.32 * v ** 3 + v * (0.091 + 0.0087 * v)).toBeCloseTo(
      DRIVETRAIN_EFFICIENCY * 200,
      6,
    );
    const noBearings = ((DRIVETRAIN_EFFICIENCY * 200) / (0.5 * 1.225 * 0.32)) ** (1 / 3);
    expect(v).toBeLessThan(noBearings);
    expect(1 - v / noBearings).toBeCloseTo(1.776 / 195.2 / 3, 3);
    // On 8 %: the residual of η·P = v·m·g·(Crr·cos θ + sin θ) + ½·ρ·CdA·v³ + v·(91 + 8.7·v)·10⁻³ is zero.
    const climb = speedForPowerMps(300, 0.08, physics);
    const theta = Math.atan(0.08);
    const need =
      climb * 80 * GRAVITY_MPS2 * (0.004 * Math.cos(theta) + Math.sin(theta)) +
      0.5 * 1.225 * 0.32 * climb ** 3 +
      climb * (91 + 8.7 * climb) * 1e-3;
    expect(need).toBeCloseTo(DRIVETRAIN_EFFICIENCY * 300, 6);
  });

  it('pays the kinetic energy of the wheels and the rider where the speed rises (Martin et al. 1998 eq. 8)', () => {
    // Effective mass: 80 kg + I/r² = 80 + 0.14 / 0.311² = 81.4475 kg.
    const mass = 80 + 0.14 / 0.311 ** 2;
    const flat = speedForPowerMps(250, 0, physics);
    const climb = speedForPowerMps(250, 0.06, physics);
    const drive = DRIVETRAIN_EFFICIENCY * 250;
    // Flat from a standing start: 10 km at v plus ½·m_eff·v² / (η·P) seconds.
    expect(courseTimeS([{ distanceM: 10_000, gradient: 0 }], 250, physics)).toBeCloseTo(
      10_000 / flat + (0.5 * mass * flat ** 2) / drive,
      6,
    );
    // Climb then flat: the start up to the climb's speed, then from it up to the flat's speed.
    const climbThenFlat = [
      { distanceM: 5_000, gradient: 0.06 },
      { distanceM: 5_000, gradient: 0 },
    ];
    expect(courseTimeS(climbThenFlat, 250, physics)).toBeCloseTo(
      5_000 / climb +
        5_000 / flat +
        (0.5 * mass * climb ** 2) / drive +
        (0.5 * mass * (flat ** 2 - climb ** 2)) / drive,
      6,
    );
    // The criterium loses the standing start's seconds at race speed.
    const crit = predictEvent(EVENT_COURSES[1]!, { cpW: 250, wPrimeJ: 0 }, physics);
    expect(crit.distanceM).toBeCloseTo(flat * (2700 - (0.5 * mass * flat ** 2) / drive), 6);
  });

  it('takes CP + W′/T up to an hour, then the log-linear decay', () => {
    expect(sustainablePowerW({ cpW: 250, wPrimeJ: 18_000 }, 1800)).toBeCloseTo(260, 9);
    // (250 + 5) · (1 − 0.07 · ln 2) = 242.63
    expect(sustainablePowerW({ cpW: 250, wPrimeJ: 18_000 }, 7200)).toBeCloseTo(242.63, 2);
  });

  it('iterates power and time to agree', () => {
    const model = { cpW: 250, wPrimeJ: 18_000 };
    for (const course of EVENT_COURSES) {
      const prediction = predictEvent(course, model, physics);
      expect(prediction.powerW).toBeCloseTo(sustainablePowerW(model, prediction.timeS), 1);
      if (course.fixedDurationS === undefined) {
        expect(
          Math.abs(courseTimeS(course.segments, prediction.powerW, physics) - prediction.timeS),
        ).toBeLessThan(1);
      } else {
        expect(prediction.timeS).toBe(2700);
        // Less than 45 minutes at the flat speed: the standing start costs a few seconds.
        const v = speedForPowerMps(prediction.powerW, 0, physics);
        expect(prediction.distanceM).toBeLessThan(v * 2700);
        expect(prediction.distanceM).toBeGreaterThan(v * (2700 - 30));
      }
    }
    const [fondo, , mountain] = EVENT_COURSES.map((c) => predictEvent(c, model, physics));
    // 100 km with 1,200 m at ~245 W: between 2.5 and 4 hours; the mountain stage is slower per km.
    expect(fondo!.timeS / 3600).toBeGreaterThan(2.5);
    expect(fondo!.timeS / 3600).toBeLessThan(4);
    expect(mountain!.averageSpeedMps).toBeLessThan(fondo!.averageSpeedMps);
  });
});

describe('predictiveSummary', () => {
  it('writes message keys with their numbers', () => {
    const lines = predictiveSummary({
      prediction: { predictedFtpW: 263.4, currentFtpW: 255, inDays: 28, rateWPerWeek: 2.04 },
      missing: undefined,
      form: { state: 'good', tsb: 7.26 },
      test: { days: 4, reason: 'needs-freshness' },
      plateau: { level: 'low' },
      riderType: 'pursuiter',
    });
    expect(lines[0]).toEqual({
      key: 'predictive.summary.ftp.rising',
      values: { predicted_w: 263, current_w: 255, in_days: 28, rate_w_per_week: 2 },
    });
    expect(lines.map((l) => l.key).slice(1)).toEqual([
      'predictive.summary.form.good',
      'predictive.summary.test.needs-freshness',
      'predictive.summary.plateau.low',
      'predictive.summary.riderType.pursuiter',
    ]);
  });
});
