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
  indices: ArrayLike<number>,
  hysteresis: number,
): TurningPoint[] {
  const out: TurningPoint[] = [];
  if (indices.length === 0) return out;
  let trend = 0;
  let high = indices[0]!;
  let low = indices[0]!;
  // The values at `high` and `low`, kept beside their indices (read once per index, not per test).
  let highV = values[high]!;
  let lowV = values[low]!;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    const x = values[i]!;
    if (trend >= 0 && x > highV) {
      high = i;
      highV = x;
    }
    if (trend <= 0 && x <= lowV) {
      low = i;
      lowV = x;
    }
    if (trend <= 0 && x - lowV >= hysteresis) {
      out.push({ kind: 'valley', i: low });
      trend = 1;
      high = i;
      highV = x;
    } else if (trend >= 0 && highV - x >= hysteresis) {
      out.push({ kind: 'peak', i: high });
      trend = -1;
      low = i;
      lowV = x;
    }
  }
  if (trend === 1) out.push({ kind: 'peak', i: high });
  if (trend === -1) out.push({ kind: 'valley', i: low });
  return out;
}
