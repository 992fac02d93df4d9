import { workoutLoad } from './metrics.ts';
import { parseWorkoutText } from './text.ts';
import type { Workout } from './workout.ts';

/**
 * What a session trains, named after Coggan's levels (Allen & Coggan, *Training and Racing with a
 * Power Meter*: 1 active recovery < 55 % FTP, 2 endurance 56–75, 3 tempo 76–90, 4 threshold 91–105,
 * 5 VO2max 106–120, 6 anaerobic 121–150, 7 neuromuscular > 150), plus sweet spot (88–94 %, the top of
 * tempo and the bottom of threshold, a name coined by Frank Overton and used by Coggan).
 */
export type WorkoutPurpose =
  | 'recovery'
  | 'endurance'
  | 'tempo'
  | 'sweetSpot'
  | 'threshold'
  | 'vo2max'
  | 'anaerobic'
  | 'sprint';

export const WORKOUT_PURPOSES: readonly WorkoutPurpose[] = [
  'recovery',
  'endurance',
  'tempo',
  'sweetSpot',
  'threshold',
  'vo2max',
  'anaerobic',
  'sprint',
];

export interface LibraryWorkout {
  /** Stable id, never translated, never reused for another session. */
  readonly id: string;
  readonly purpose: WorkoutPurpose;
  /** i18n keys in the web app's `plan` namespace: the words live in the locales, not here. */
  readonly nameKey: string;
  readonly descriptionKey: string;
  /** Where the session comes from, when it has a published origin. */
  readonly source?: string;
  /** The session in the rider's text form (workouts/text.ts). */
  readonly text: string;
  readonly workout: Workout;
}

interface Definition {
  readonly id: string;
  readonly purpose: WorkoutPurpose;
  readonly text: string;
  readonly source?: string;
}

const WU = 'wu ramp 10m 45-65%';
const CD = 'cd ramp 10m 60-45%';
const COGGAN = 'Allen & Coggan, Training and Racing with a Power Meter (training levels)';

const DEFINITIONS: readonly Definition[] = [
  { id: 'recovery-30', purpose: 'recovery', text: '30m 45-55%', source: COGGAN },
  {
    id: 'recovery-spin-45',
    purpose: 'recovery',
    text: 'wu 5m 45%, 35m 50% @95rpm, cd 5m 45%',
    source: COGGAN,
  },
  { id: 'endurance-60', purpose: 'endurance', text: `${WU}, 40m 65%, ${CD}`, source: COGGAN },
  { id: 'endurance-90', purpose: 'endurance', text: `${WU}, 70m 56-75%, ${CD}`, source: COGGAN },
  { id: 'endurance-hr-2h', purpose: 'endurance', text: '2h Z2', source: COGGAN },
  { id: 'endurance-3h', purpose: 'endurance', text: `${WU}, 2h40m 60-70%, ${CD}`, source: COGGAN },
  {
    id: 'endurance-cadence-60',
    purpose: 'endurance',
    text: `${WU}, 4x(5m 65% @105rpm, 5m 65% @85rpm), ${CD}`,
  },
  { id: 'tempo-2x20', purpose: 'tempo', text: `${WU}, 2x(20m 80-85%, 5m 55%), ${CD}`, source: COGGAN },
  { id: 'tempo-45', purpose: 'tempo', text: `${WU}, 45m 76-85%, ${CD}`, source: COGGAN },
  { id: 'sweet-spot-3x15', purpose: 'sweetSpot', text: `${WU}, 3x(15m 88-94%, 5m 55%), ${CD}` },
  { id: 'sweet-spot-2x20', purpose: 'sweetSpot', text: `${WU}, 2x(20m 88-94%, 5m 55%), ${CD}` },
  {
    id: 'threshold-2x20',
    purpose: 'threshold',
    text: `${WU}, 2x(20m 95-100%, 10m 55%), ${CD}`,
    source: 'Allen & Coggan, Training and Racing with a Power Meter (the classic 2 × 20 min at FTP)',
  },
  {
    id: 'threshold-4x10',
    purpose: 'threshold',
    text: `${WU}, 4x(10m 98-102%, 5m 55%), ${CD}`,
    source: COGGAN,
  },
  {
    id: 'threshold-over-under-3x9',
    purpose: 'threshold',
    text: `${WU}, 3x(2m 95%, 1m 105%, 2m 95%, 1m 105%, 2m 95%, 1m 105%, 5m 50%), ${CD}`,
  },
  {
    id: 'vo2max-4x8',
    purpose: 'vo2max',
    text: `${WU}, 4x(8m 105-110%, 2m 50%), ${CD}`,
    source:
      'Seiler, Jøranson, Olesen & Hetlelid 2013, Scand J Med Sci Sports 23:74–83 (4 × 8 min, 2 min recovery)',
  },
  { id: 'vo2max-5x5', purpose: 'vo2max', text: `${WU}, 5x(5m 110-120%, 5m 50%), ${CD}`, source: COGGAN },
  {
    id: 'vo2max-30-15',
    purpose: 'vo2max',
    text: `${WU}, 13x(30s 120%, 15s 50%), 3m 50%, 13x(30s 120%, 15s 50%), 3m 50%, 13x(30s 120%, 15s 50%), ${CD}`,
    source:
      'Rønnestad, Hansen, Vegge, Tønnessen & Slettaløkken 2015, Scand J Med Sci Sports 25:143–151 (3 series of 13 × 30 s / 15 s)',
  },
  {
    id: 'vo2max-30-30',
    purpose: 'vo2max',
    text: `${WU}, 10x(30s 120%, 30s 50%), 5m 50%, 10x(30s 120%, 30s 50%), ${CD}`,
    source: 'Billat et al. 2000, Eur J Appl Physiol 81:188–196 (30 s at vVO2max / 30 s at 50 %)',
  },
  {
    id: 'anaerobic-tabata',
    purpose: 'anaerobic',
    text: `${WU}, 8x(20s 200%, 10s 40%), 5m 50%, ${CD}`,
    source:
      'Tabata et al. 1996, Med Sci Sports Exerc 28:1327–1330 (8 × 20 s at 170 % of VO2max power, 10 s rest)',
  },
  {
    id: 'anaerobic-6x1',
    purpose: 'anaerobic',
    text: `${WU}, 6x(1m 130-150%, 4m 50%), ${CD}`,
    source: COGGAN,
  },
  {
    id: 'anaerobic-8x30',
    purpose: 'anaerobic',
    text: `${WU}, 8x(30s 150%, 2m30s 50%), ${CD}`,
    source: COGGAN,
  },
  {
    id: 'sprint-6x10s',
    purpose: 'sprint',
    text: `${WU}, 6x(10s 250% @110rpm, 4m50s 50%), ${CD}`,
    source: COGGAN,
  },
  { id: 'sprint-8x15s', purpose: 'sprint', text: `${WU}, 8x(15s 200%, 5m 50%), ${CD}`, source: COGGAN },
];

function build(definition: Definition): LibraryWorkout {
  const parsed = parseWorkoutText(definition.text);
  // A typo in the table is a programming error: fail at load, and the library test names the id.
  if (!parsed.ok) throw new Error(`library workout ${definition.id}: ${parsed.error.code}`);
  return {
    id: definition.id,
    purpose: definition.purpose,
    nameKey: `library.${definition.id}.name`,
    descriptionKey: `library.${definition.id}.description`,
    ...(definition.source === undefined ? {} : { source: definition.source }),
    text: definition.text,
    workout: parsed.workout,
  };
}

/** The standard sessions, grouped by purpose in the order of WORKOUT_PURPOSES. */
export const WORKOUT_LIBRARY: readonly LibraryWorkout[] = DEFINITIONS.map(build);

export function libraryWorkout(id: string): LibraryWorkout | undefined {
  return WORKOUT_LIBRARY.find((w) => w.id === id);
}

const TSS_BY_ID = new Map<string, number | undefined>();

/** Planned TSS of a library session (cached: the table never changes). */
function libraryTss(w: LibraryWorkout): number | undefined {
  if (!TSS_BY_ID.has(w.id)) TSS_BY_ID.set(w.id, workoutLoad(w.workout, 100).tss);
  return TSS_BY_ID.get(w.id);
}

/**
 * The library session of a purpose whose planned TSS is nearest `targetTss`. With % FTP targets TSS
 * does not depend on FTP (hours · IF²·100), so any positive FTP gives the same choice.
 */
export function nearestLibraryWorkout(
  purpose: WorkoutPurpose,
  targetTss: number,
): LibraryWorkout | undefined {
  let best: LibraryWorkout | undefined;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const w of WORKOUT_LIBRARY) {
    if (w.purpose !== purpose) continue;
    const tss = libraryTss(w);
    if (tss === undefined) continue;
    const gap = Math.abs(tss - targetTss);
    if (gap < bestGap) {
      best = w;
      bestGap = gap;
    }
  }
  return best;
}
