import type { WorkoutPurpose } from '../workouts/library.ts';

/** What a week is for; decides its load rule (season.ts) and its day layout (below). */
export type WeekKind = 'load' | 'recovery' | 'taper' | 'race';

/** Training phases, after Friel's periodisation (docs/formulas/training-plan.md). */
export type PlanPhase = 'base' | 'build' | 'peak' | 'taper' | 'race' | 'recovery';

export type DayPurpose = WorkoutPurpose | 'rest' | 'race';

export interface DaySlot {
  /** Day number (days since 1970-01-01). */
  readonly day: number;
  readonly purpose: DayPurpose;
  /** Relative share of the week's TSS; 0 on rest days. */
  readonly weight: number;
}

/** ISO weekday, 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Relative load of a long ride, a key (interval) session and an ordinary endurance day. Vatio's choice. */
const LONG_WEIGHT = 2;
const KEY_WEIGHT = 1.2;
const EASY_WEIGHT = 0.8;

/** The two key sessions of a week by phase: intensity rises towards the event (Friel: base → build → peak). */
const KEY_PURPOSES: Readonly<Record<PlanPhase, readonly [WorkoutPurpose, WorkoutPurpose]>> = {
  base: ['tempo', 'sweetSpot'],
  build: ['threshold', 'vo2max'],
  peak: ['vo2max', 'threshold'],
  // A taper keeps intensity and cuts volume (Mujika & Padilla 2003; Bosquet et al. 2007).
  taper: ['threshold', 'vo2max'],
  race: ['vo2max', 'sprint'],
  recovery: ['endurance', 'endurance'],
};

/**
 * Lays out a week: the long ride on its last weekend training day (else its last training day), two
 * key sessions spread away from it and from each other, ordinary days between, rest on the rider's
 * non-training days. Recovery weeks have no key sessions. In a race week the day before the race is a
 * short opener (sprints) and the race day is the event.
 */
export function layoutWeek(input: {
  readonly days: readonly number[];
  readonly trainingWeekdays: ReadonlySet<number>;
  readonly kind: WeekKind;
  readonly phase: PlanPhase;
  /** Race day of a race week: not laid out here (the event carries its own load). */
  readonly raceDay?: number;
}): DaySlot[] {
  const { days, trainingWeekdays, kind, phase, raceDay } = input;
  const training = days.filter((d) => d !== raceDay && trainingWeekdays.has(isoWeekday(d)));
  const weekend = training.filter((d) => isoWeekday(d) >= 6);
  const long = kind === 'race' ? undefined : (weekend.at(-1) ?? training.at(-1));
  const opener =
    kind === 'race' && raceDay !== undefined ? training.find((d) => d === raceDay - 1) : undefined;
  const keys: number[] = [];
  if (kind !== 'recovery') {
    const candidates = training.filter((d) => d !== long && d !== opener);
    // First key: the earliest free day; second: the free day farthest from the first key and the long ride.
    if (candidates.length > 0) keys.push(candidates[0]!);
    const busy = [...keys, ...(long === undefined ? [] : [long]), ...(opener === undefined ? [] : [opener])];
    let best: number | undefined;
    let bestGap = 1; // adjacent to a hard day is not a key day
    for (const d of candidates.slice(1)) {
      const gap = Math.min(...busy.map((b) => Math.abs(b - d)));
      if (gap > bestGap) {
        best = d;
        bestGap = gap;
      }
    }
    if (best !== undefined && kind !== 'race') keys.push(best);
  }
  const [key1, key2] = KEY_PURPOSES[phase];
  const easy: WorkoutPurpose = kind === 'load' ? 'endurance' : 'recovery';
  return days
    .filter((d) => d !== raceDay)
    .map((day): DaySlot => {
      if (!training.includes(day)) return { day, purpose: 'rest', weight: 0 };
      if (day === long) return { day, purpose: 'endurance', weight: kind === 'load' ? LONG_WEIGHT : 1.5 };
      if (day === opener) return { day, purpose: 'sprint', weight: 0.5 };
      const k = keys.indexOf(day);
      if (k >= 0) return { day, purpose: k === 0 ? key1 : key2, weight: KEY_WEIGHT };
      return { day, purpose: easy, weight: kind === 'load' ? EASY_WEIGHT : 0.6 };
    });
}
