import type { FormState } from '../load/form-states.ts';
import type { SummaryLine } from '../predict/summary.ts';
import type { AerobicCapacity } from './scores.ts';

/**
 * The advanced page's professional summary, written from rules as message keys
 * `advanced.summary.*` with their values, in this order: aerobic capacity, form and load, durability,
 * improvement, repeatability, pedalling balance, terrain. A line only when its numbers exist.
 */
export function advancedSummary(input: {
  vo2max: { mlKgMin: number; capacity: AerobicCapacity } | undefined;
  readiness: { state: FormState; tsb: number; acwr: number | undefined } | undefined;
  durability: { retainedPct: number } | undefined;
  improvement: { changePct: number; nowW: number } | undefined;
  repeatability: { indexPct: number } | undefined;
  leftBalancePct: number | undefined;
  climbingVsFlat20MinPct: number | undefined;
  missingPower: boolean;
}): SummaryLine[] {
  const lines: SummaryLine[] = [];
  const r1 = (v: number) => Math.round(v * 10) / 10;
  if (input.missingPower) {
    lines.push({ key: 'advanced.summary.no_power', values: {} });
    return lines;
  }
  if (input.vo2max)
    lines.push({
      key: `advanced.summary.vo2max.${input.vo2max.capacity}`,
      values: { vo2max: r1(input.vo2max.mlKgMin) },
    });
  if (input.readiness) {
    const spike = input.readiness.acwr !== undefined && input.readiness.acwr > 1.3;
    lines.push({
      key: spike ? 'advanced.summary.load.spike' : `advanced.summary.form.${input.readiness.state}`,
      values: { tsb: Math.round(input.readiness.tsb), acwr: r1(input.readiness.acwr ?? 0) },
    });
  }
  if (input.durability) {
    const p = input.durability.retainedPct;
    // Above 100 % the fresh best was not maximal: no band, say so (scores.ts `fatigueResistanceGap`).
    const band = p > 100 ? 'fresh_not_maximal' : p >= 95 ? 'high' : p >= 88 ? 'moderate' : 'low';
    lines.push({ key: `advanced.summary.durability.${band}`, values: { retained_pct: r1(p) } });
  }
  if (input.improvement) {
    const c = input.improvement.changePct;
    const trend = c > 1 ? 'up' : c < -1 ? 'down' : 'flat';
    lines.push({
      key: `advanced.summary.improvement.${trend}`,
      values: { change_pct: r1(c), cp_w: Math.round(input.improvement.nowW) },
    });
  }
  if (input.repeatability) {
    const p = input.repeatability.indexPct;
    lines.push({
      key: p >= 95 ? 'advanced.summary.repeatability.good' : 'advanced.summary.repeatability.fading',
      values: { index_pct: r1(p) },
    });
  }
  if (input.leftBalancePct !== undefined && Math.abs(input.leftBalancePct - 50) > 2.5)
    lines.push({
      key: 'advanced.summary.balance.asymmetric',
      values: { left_pct: r1(input.leftBalancePct), right_pct: r1(100 - input.leftBalancePct) },
    });
  if (input.climbingVsFlat20MinPct !== undefined) {
    const d = input.climbingVsFlat20MinPct;
    lines.push({
      key:
        d > 5
          ? 'advanced.summary.terrain.climber'
          : d < -5
            ? 'advanced.summary.terrain.flat'
            : 'advanced.summary.terrain.even',
      values: { difference_pct: r1(d) },
    });
  }
  return lines;
}
