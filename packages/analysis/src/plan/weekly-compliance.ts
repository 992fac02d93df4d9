import { dayNumber } from '../load/calendar.ts';
import { ratioScore } from '../workouts/compliance.ts';
import type { SeasonPlan } from './season.ts';

export interface WeekCompliance {
  readonly weekIndex: number;
  readonly startDate: string;
  readonly endDate: string;
  /** Planned and ridden TSS over the days of the week already lived (before `today`). */
  readonly plannedTss: number;
  readonly actualTss: number;
  /** actual / planned; undefined when nothing was planned. */
  readonly ratio?: number;
  /** 100 · ratioScore(ratio): 100 on plan, 80 at 80 % or 120 %. */
  readonly score?: number;
  /** True while the week is still running (today falls inside it). */
  readonly partial: boolean;
}

/**
 * Planned versus ridden TSS per plan week, up to the day before `today` (today is not over yet).
 * Weeks that have not started are left out.
 */
export function weeklyCompliance(input: {
  readonly plan: SeasonPlan;
  readonly today: string;
  readonly actual: ReadonlyArray<{ readonly date: string; readonly tss: number }>;
}): WeekCompliance[] {
  const today = dayNumber(input.today);
  const actualByDay = new Map<number, number>();
  for (const a of input.actual) {
    if (Number.isFinite(a.tss))
      actualByDay.set(dayNumber(a.date), (actualByDay.get(dayNumber(a.date)) ?? 0) + a.tss);
  }
  const out: WeekCompliance[] = [];
  for (const week of input.plan.weeks) {
    const start = dayNumber(week.startDate);
    if (start >= today) break;
    const end = dayNumber(week.endDate);
    let plannedTss = 0;
    let actualTss = 0;
    for (const d of input.plan.days) {
      const day = dayNumber(d.date);
      if (day < start || day > end || day >= today) continue;
      plannedTss += d.tss;
      actualTss += actualByDay.get(day) ?? 0;
    }
    const ratio = plannedTss > 0 ? actualTss / plannedTss : undefined;
    out.push({
      weekIndex: week.index,
      startDate: week.startDate,
      endDate: week.endDate,
      plannedTss,
      actualTss,
      ...(ratio === undefined ? {} : { ratio, score: 100 * ratioScore(ratio) }),
      partial: end >= today,
    });
  }
  return out;
}
