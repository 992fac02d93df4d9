import { describe, expect, it } from 'vitest';
import { aerobicDecouplingPct, heartRateDriftPct } from '../heart/decoupling.ts';
import { detectClimbs } from '../climbing/climbs.ts';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { estimatedFtp, resolveFtp } from './ftp.ts';
import { AERO_DEFAULTS, CLIMB_OPTIONS } from './options.ts';
import { airDensitySeries, fitRideAero } from './ride-aero.ts';
import { heartRateZonesFor, isVirtualRide, type RiderContext, rideReport } from './ride-report.ts';

const NO_RIDER: RiderContext = {
  ftpW: undefined,
  weightKg: undefined,
  bikeKg: undefined,
  maxHrBpm: undefined,
  lthrBpm: undefined,
  criticalPower: undefined,
};

/** A one-hour ride: 200 W, heart rate rising from 130 to 140 bpm, a 600 s climb at 0.1 m/s up 60 m of a 6 % road. */
function hillRide() {
  const n = 3600;
  const power: number[] = [];
  const hr: number[] = [];
  const speed: number[] = [];
  const distance: number[] = [];
  const altitude: number[] = [];
  let d = 0;
  let h = 100;
  for (let i = 0; i < n; i++) {
    const climbing = i >= 1200 && i < 1800;
    const v = climbing ? 5 : 9;
    d += v;
    if (climbing) h += v * 0.06;
    power.push(climbing ? 260 : 200);
    hr.push(130 + (10 * i) / n);
    speed.push(v);
    distance.push(d);
    altitude.push(h);
  }
  return streamsFromSeconds({
    powerW: power,
    heartRateBpm: hr,
    speedMps: speed,
    distanceM: distance,
    altitudeM: altitude,
  });
}

describe('which FTP a ride is measured against', () => {
  it("takes the rider's value, else the rider's nearest entry, else the device's, else the estimate", () => {
    const all = { settingsW: 250, fileW: 240, nearestW: 230, estimatedW: 220 };
    expect(resolveFtp(all)).toEqual({ ftpW: 250, source: 'settings' });
    expect(resolveFtp({ ...all, settingsW: undefined })).toEqual({ ftpW: 230, source: 'nearest' });
    expect(resolveFtp({ ...all, settingsW: undefined, nearestW: undefined })).toEqual({
      ftpW: 240,
      source: 'file',
    });
    expect(resolveFtp({ nearestW: 230, estimatedW: 220, fileW: 0 })).toEqual({
      ftpW: 230,
      source: 'nearest',
    });
    expect(resolveFtp({ estimatedW: 220, nearestW: Number.NaN })).toEqual({ ftpW: 220, source: 'estimated' });
    expect(resolveFtp({})).toEqual({ ftpW: undefined, source: 'none' });
  });

  it('estimates CP from the 3–20 min bests (worked number 293.3 W → 293), else 95 % of the best 20 min', () => {
    // Three bests on P = 293.3 W + 19.2 kJ / t (docs/formulas/critical-power.md).
    const onModel = [180, 720, 1200].map((t) => 72_000 / 180 - 19_200 / 180 + 19_200 / t);
    expect(estimatedFtp({ durationsS: [180, 720, 1200], powerW: onModel })).toEqual({
      ftpW: 293,
      method: 'cp-2p',
    });
    // Two bests: too few for a fit, so the 20-minute rule.
    expect(estimatedFtp({ durationsS: [60, 1200], powerW: [400, 300] })).toEqual({
      ftpW: 285,
      method: 'best-20-min-95',
    });
    expect(estimatedFtp({ durationsS: [5, 60], powerW: [900, 500] })).toBeUndefined();
  });
});

describe('the aero fit of the ride report', () => {
  it('takes dry ISA air per second: 1.2250 kg/m³ at sea level and 15 °C, 1.0865 at 1,000 m', () => {
    const streams = streamsFromSeconds({ altitudeM: [0, 1000, Number.NaN], temperatureC: [15, 15, 15] });
    const rho = airDensitySeries(streams);
    expect(rho[0]).toBeCloseTo(1.225, 4);
    expect(rho[1]).toBeCloseTo(1.0865, 4);
    expect(rho[2]).toBeCloseTo(1.225, 4); // no altitude: sea level
  });

  it('gives every second its own density, whether its altitude or temperature repeats the one before or not', () => {
    // Issue 28: neighbouring seconds with the same altitude and temperature share one computation;
    // each second must still be what the formula gives it, written out here from its sources (ISA
    // pressure, ICAO; dry air: ρ = p / (R_d · T), R_d = 287.058 J/(kg·K)).
    const altitudeM = [0, 0, 0.2, 0.2, 0.2, 1000, Number.NaN, Number.NaN, 1000, 1000, 250.4, 250.4];
    const temperatureC = [15, 15, 15, 16, 16, 16, 16, Number.NaN, Number.NaN, -0, 0, 31];
    const rho = airDensitySeries(streamsFromSeconds({ altitudeM, temperatureC }));
    altitudeM.forEach((h, i) => {
      const pressurePa = 101_325 * (1 - (0.0065 * (Number.isFinite(h) ? h : 0)) / 288.15) ** 5.25588;
      const t = Number.isFinite(temperatureC[i]!) ? temperatureC[i]! : 15;
      expect(rho[i], `second ${i}`).toBeCloseTo(pressurePa / (287.058 * (t + 273.15)), 12);
    });
    expect(rho[1]).toBe(rho[0]);
    expect(rho[4]).toBe(rho[3]);
  });

  it('keeps each altitude apart when altitudes come back, also those 819.2 m apart that share a pressure slot', () => {
    // Issue 28: each altitude's pressure is kept in a slot by its 0.2 m step (4,096 slots), so 0 m and
    // 819.2 m, or 100 m and 919.2 m, fall in one slot; every second must still be the formula's value
    // (written out from its sources, as above).
    const altitudeM = [0, 819.2, 0, 100, 919.2, 100.1, 100, 919.2, 819.2, 0, 1638.4, 0];
    const temperatureC = altitudeM.map((_, i) => 10 + (i % 3));
    const rho = airDensitySeries(streamsFromSeconds({ altitudeM, temperatureC }));
    altitudeM.forEach((h, i) => {
      const pressurePa = 101_325 * (1 - (0.0065 * h) / 288.15) ** 5.25588;
      const t = temperatureC[i]!;
      expect(rho[i], `second ${i}`).toBeCloseTo(pressurePa / (287.058 * (t + 273.15)), 12);
    });
  });

  it('says what it assumed when the rider gave no weight', () => {
    const aero = fitRideAero(hillRide(), { riderKg: undefined, bikeKg: undefined });
    expect(aero).toBeDefined();
    expect(aero).toMatchObject({
      riderKg: AERO_DEFAULTS.riderKg,
      riderKgSource: 'default',
      bikeKg: AERO_DEFAULTS.bikeKg,
      bikeKgSource: 'default',
      temperatureRecorded: false,
      temperatureC: 15,
      humidityPct: 0,
    });
  });
});

describe('the ride report', () => {
  it("gives each metric its package function's number, with one climb rule and one decoupling", () => {
    const streams = hillRide();
    const report = rideReport(
      { streams, virtual: false },
      { ...NO_RIDER, ftpW: 250, weightKg: 70, maxHrBpm: 190 },
      { aero: 'skip' },
    );
    expect(report.decoupling?.pct).toBe(aerobicDecouplingPct(streams));
    expect(report.decoupling?.driftPct).toBe(heartRateDriftPct(streams));
    expect(report.decoupling?.pct).toBe(report.summary.aerobicDecouplingPct);
    expect(report.climbs.map(({ averagePowerW: _, ...c }) => c)).toEqual(
      detectClimbs(streams, CLIMB_OPTIONS),
    );
    expect(report.climbs).toHaveLength(1);
    expect(report.climbs[0]?.averagePowerW).toBeCloseTo(260, 0);
    const seconds = (zones: ReadonlyArray<{ timeS: number }>) => zones.reduce((s, z) => s + z.timeS, 0);
    expect(seconds(report.zones.power)).toBe(3600);
    expect(seconds(report.zones.heartRate)).toBe(3600);
    expect(report.wattsPerKg).toBeCloseTo((report.summary.averagePowerW ?? 0) / 70, 9);
    expect(report.aero).toBeUndefined();
    expect(report.wPrimeBalance).toBeUndefined();
  });

  it('fits aero only when asked and only for a ride on a real road', () => {
    const streams = hillRide();
    expect(rideReport({ streams, virtual: false }, NO_RIDER, { aero: 'fit' }).aero).toBeDefined();
    expect(rideReport({ streams, virtual: true }, NO_RIDER, { aero: 'fit' }).aero).toBeUndefined();
    expect(isVirtualRide('virtualActivity')).toBe(true);
    expect(isVirtualRide('road')).toBe(false);
    expect(isVirtualRide(undefined)).toBe(false);
  });

  it('takes the device ascent without altitude, and gives W′ balance with a critical power', () => {
    const flat = streamsFromSeconds({ powerW: new Array(600).fill(300) });
    const report = rideReport(
      { streams: flat, virtual: false, deviceAscentM: 42 },
      { ...NO_RIDER, criticalPower: { cpW: 250, wPrimeJ: 20_000 } },
      { aero: 'skip' },
    );
    expect(report.elevationGainM).toBe(42);
    expect(report.elevationGainSource).toBe('device');
    // With CP 250 W and W′ 20 kJ the balance would end at 20,000 − 50 · 600 = −10,000 J: those are
    // wrong for this ride. GoldenCheetah's minimum CP (`WPrime::PCP`: +3 W until the balance stays
    // above 0): 600 · (300 − CP) < 20,000 → CP > 266.7 → 250 + 6 · 3 = 268 W, lowest 20,000 − 600 · 32 = 800 J.
    const w = report.wPrimeBalance!;
    expect(w.parameters.status).toBe('cp-raised');
    expect(w.parameters.fittedMinJ).toBeCloseTo(-10_000, 0);
    expect(w.parameters.fittedCpW).toBe(250);
    expect(w.cpW).toBe(268);
    expect(w.wPrimeJ).toBe(20_000);
    expect(w.minJ).toBeCloseTo(800, 0);
  });

  it("shows the device's ascent over the estimate when the file has one, and says which it shows", () => {
    // A steady 0.3 m/s climb for 600 s: the estimate is exactly 180 m (docs/formulas/climbing.md).
    const climb = streamsFromSeconds({ altitudeM: Array.from({ length: 600 }, (_, i) => 100 + 0.3 * i) });
    const withDevice = rideReport({ streams: climb, virtual: false, deviceAscentM: 150 }, NO_RIDER, {
      aero: 'skip',
    });
    expect(withDevice.elevationGainM).toBe(150);
    expect(withDevice.elevationGainSource).toBe('device');
    expect(withDevice.summary.elevationGainM).toBeCloseTo(179.7, 9);
    const alone = rideReport({ streams: climb, virtual: false }, NO_RIDER, { aero: 'skip' });
    expect(alone.elevationGainM).toBeCloseTo(179.7, 9);
    expect(alone.elevationGainSource).toBe('estimated');
  });

  it('uses LTHR zones when the rider gave an LTHR, else % of max HR', () => {
    expect(heartRateZonesFor({ lthrBpm: 170, maxHrBpm: 190 })?.[1]?.minBpm).toBeCloseTo(0.68 * 170, 9);
    expect(heartRateZonesFor({ maxHrBpm: 190 })?.[1]?.minBpm).toBeCloseTo(0.68 * 190, 9);
    expect(heartRateZonesFor({})).toBeUndefined();
  });
});
