import type { AdvancedResponse } from '@vatio/schemas';
import type { AdvancedRide } from './advanced.repository.ts';

const DAY_MS = 86_400_000;
const round = (v: number, digits = 1) => Number(v.toFixed(digits));

export const median = (values: readonly number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Least-squares slope of y against x, per unit of x. */
function slope(points: ReadonlyArray<{ x: number; y: number }>): number | undefined {
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  return sxx > 0 ? sxy / sxx : undefined;
}

/**
 * CdA per ride from the stored whole-ride virtual-elevation fits (outdoor rides), newest first, and
 * by bike the median and least-squares trend of the trustworthy fits (docs/formulas/aero-virtual-elevation.md).
 */
export function aeroSection(
  rides: readonly AdvancedRide[],
  bikes: ReadonlyArray<{ id: string; name: string }>,
  dateOf: (d: Date) => string,
): AdvancedResponse['aero'] {
  const fitted = rides.filter((r) => !r.virtual && r.cda_m2 !== null && r.crr !== null);
  const byBike = new Map<string | null, AdvancedRide[]>();
  for (const r of fitted) {
    if (!r.aero_trustworthy) continue;
    const list = byBike.get(r.bike_id) ?? [];
    list.push(r);
    byBike.set(r.bike_id, list);
  }
  const names = new Map(bikes.map((b) => [b.id, b.name]));
  return {
    needs: fitted.length === 0 ? ['aero_fits'] : [],
    rides: [...fitted].reverse().map((r) => ({
      activity_id: r.id,
      date: dateOf(r.start_time),
      bike_id: r.bike_id,
      cda_m2: round(r.cda_m2!, 3),
      crr: round(r.crr!, 4),
      r2: r.aero_r2 === null ? null : round(r.aero_r2, 3),
      trustworthy: r.aero_trustworthy === true,
      aero_lab: `/analytics/aero-lab?activity=${r.id}`,
    })),
    by_bike: [...byBike.entries()].map(([bikeId, list]) => {
      const t0 = list[0]!.start_time.getTime();
      const trend =
        list.length >= 3
          ? slope(list.map((r) => ({ x: (r.start_time.getTime() - t0) / DAY_MS, y: r.cda_m2! })))
          : undefined;
      return {
        bike_id: bikeId,
        bike_name: bikeId ? (names.get(bikeId) ?? null) : null,
        rides: list.length,
        median_cda_m2: round(median(list.map((r) => r.cda_m2!)), 3),
        trend_m2_per_30d: trend === undefined ? null : round(trend * 30, 4),
      };
    }),
  };
}
