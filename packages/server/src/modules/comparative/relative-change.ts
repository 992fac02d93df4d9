/**
 * One ride's figure against the other's as a percentage, (b − a) / a, or null where a percentage says
 * nothing the difference does not say better: no base (a is 0 or missing), values of opposite signs,
 * or one value more than ten times the other (over +900 % or under −90 %). Two rides' climbing of 1 m
 * and 198 m read "+197 m (+19,700.0 %)": the percentage measured how flat the first ride was, not
 * how the two compare. The difference in the figure's own unit is shown in every case.
 */
const MAX_RATIO_FOR_PERCENT = 10;

export function relativeChangePct(a: number | null, b: number | null): number | null {
  if (a === null || b === null || a === 0) return null;
  const ratio = b / a;
  if (ratio < 1 / MAX_RATIO_FOR_PERCENT || ratio > MAX_RATIO_FOR_PERCENT) return null;
  return Number((100 * (ratio - 1)).toFixed(1));
}
