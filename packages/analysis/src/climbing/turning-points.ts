/** A confirmed low or high point of a profile. */
export interface TurningPoint {
  readonly kind: 'valley' | 'peak';
  /** Index on the timeline. */
  readonly i: number;
}

/**
 * Alternating valleys and peaks of `values` at the given indices, with a hysteresis (zig-zag)
 * filter: a turn is confirmed only once the profile has moved `hysteresis` away from the extreme.
 * A valley is the latest lowest point (a flat approach is not part of the rise), a peak the first
 * highest point. The last extreme is kept unconfirmed when the profile ends while moving away from it.
 */
export function turningPoints(
  values: Float64Array,
  indices: readonly number[],
  hysteresis: number,
): TurningPoint[] {
  const out: TurningPoint[] = [];
  if (indices.length === 0) return out;
  const v = (i: number) => values[i]!;
  let trend = 0;
  let high = indices[0]!;
  let low = indices[0]!;
  for (const i of indices) {
    if (trend >= 0 && v(i) > v(high)) high = i;
    if (trend <= 0 && v(i) <= v(low)) low = i;
    if (trend <= 0 && v(i) - v(low) >= hysteresis) {
      out.push({ kind: 'valley', i: low });
      trend = 1;
      high = i;
    } else if (trend >= 0 && v(high) - v(i) >= hysteresis) {
      out.push({ kind: 'peak', i: high });
      trend = -1;
      low = i;
    }
  }
  if (trend === 1) out.push({ kind: 'peak', i: high });
  if (trend === -1) out.push({ kind: 'valley', i: low });
  return out;
}
