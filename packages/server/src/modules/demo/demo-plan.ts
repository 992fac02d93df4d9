import { createRng } from '@vatio/formats';
// Six months of believable training for a demo rider: a weekly pattern (intervals on Tuesday,
// tempo on Thursday, a long ride on Saturday, endurance on Sunday, sometimes an easy Wednesday),
// a recovery week every fourth week, and an FTP that rises from 235 W to about 265 W. The first
// Tuesday after each recovery week is a 20-minute test at about 105 % of the FTP of the day, as a coached
// rider would do, so the FTP the rider set and the one estimated from the rides (95 % of the best
// 20 min, Allen & Coggan) agree instead of drifting apart. Thursday's ride is always on the 'ridge'
// route and Saturday's long ride alternates between 'valley' and 'lakes' (the synthetic generator's
// SYNTHETIC_ROUTES), so the same climbs come back week after week and segments fill; the other rides
// keep the seed's own terrain. The weeks are counted back from today, so every 4 weeks before today
// hold one test (on the 'ridge' roads, ending with a maximal 5 minutes) and the advanced page's
// improvement compares test with test; long rides end with two hard 5-minute efforts at three quarters
// of the ride, so its durability has late efforts to measure. Measured over the seven weekdays a plan
// can be made on (the generator's rides, 72 kg): improvement −0.4 to +3 % (eFTP 253–269 W at an FTP of
// 265 W), durability 84–105 % (the routes' climbs lift some late efforts), where the plan before
// these changes gave −3 to +9 % and 68–73 % (a durability score of 0).

export interface DemoRidePlan {
  seed: number;
  startTime: Date;
  durationS: number;
  ftpW: number;
  intervals?: { count: number; workS: number; restS: number; intervalPct: number };
  /** A fixed route of the synthetic generator (`SYNTHETIC_ROUTES` id); none: the seed's terrain. */
  route?: string;
  /** A hard set late in a long ride (the generator's `lateEffort`). */
  lateEffort?: { atFraction: number; count: number; workS: number; restS: number; intervalPct: number };
}

const DAY_MS = 86_400_000;
/** Endurance and long rides: no work intervals. */
const STEADY = { count: 0, workS: 0, restS: 0, intervalPct: 0.7 };
/** The hard finish of a long ride: two 6-minute efforts a little over FTP, at three quarters of the ride. */
const LATE_EFFORT = { atFraction: 0.75, count: 2, workS: 300, restS: 300, intervalPct: 1.08 };
/** After the 20-minute test, a maximal 5 minutes: the short end the critical-power fit needs. */
const MAX_FIVE_MINUTES = { atFraction: 0.7, count: 1, workS: 300, restS: 240, intervalPct: 1.25 };

/** A small deterministic generator (mulberry32, `@vatio/formats`), so the same rider always gets the same rides. */
const random = createRng;

export function demoFtpAt(dayIndex: number, days: number): number {
  return Math.round(235 + (30 * dayIndex) / Math.max(1, days));
}

/** The rides of the `days` days before `today` (UTC), oldest first. */
export function planDemoRides(today: Date, days = 182, seed = 2026): DemoRidePlan[] {
  const rng = random(seed);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - days * DAY_MS;
  const rides: DemoRidePlan[] = [];
  for (let d = 0; d < days; d++) {
    const date = new Date(start + d * DAY_MS);
    const weekday = date.getUTCDay(); // 0 Sunday
    // Weeks counted back from today, so that every four weeks before today hold one test and one
    // recovery week whatever day the plan is made: the figures that compare the last 4 weeks with the
    // 4 before (improvement) compare like with like.
    const weeksBack = Math.floor((days - 1 - d) / 7);
    const recoveryWeek = weeksBack % 4 === 2;
    const ftpW = demoFtpAt(d, days);
    const hourUtc = weekday === 0 || weekday === 6 ? 8 : 17;
    const at = (minutes: number) => new Date(date.getTime() + hourUtc * 3_600_000 + minutes * 60_000);
    const jitter = () => Math.round((rng() - 0.5) * 40);
    let ride: Omit<DemoRidePlan, 'seed'> | undefined;
    const testWeek = weeksBack % 4 === 1;
    if (weekday === 2 && testWeek) {
      ride = {
        startTime: at(jitter()),
        durationS: 3600,
        ftpW,
        // Planned at 110 %: the synthetic ride's coasting on descents takes about 4 % off the planned
        // average, leaving the ~105 % of FTP a 20-minute test gives.
        intervals: { count: 1, workS: 1200, restS: 600, intervalPct: 1.1 },
        lateEffort: MAX_FIVE_MINUTES,
        // Always the same roads, so one test compares with the last one.
        route: 'ridge',
      };
    } else if (weekday === 2 && !recoveryWeek) {
      ride = {
        startTime: at(jitter()),
        durationS: 3600 + Math.round(rng() * 1800),
        ftpW,
        intervals: { count: 4 + Math.floor(rng() * 3), workS: 300, restS: 180, intervalPct: 1.08 },
      };
    } else if (weekday === 4) {
      ride = recoveryWeek
        ? { startTime: at(jitter()), durationS: 2700, ftpW, intervals: STEADY, route: 'ridge' }
        : {
            startTime: at(jitter()),
            durationS: 3600 + Math.round(rng() * 900),
            ftpW,
            intervals: { count: 2, workS: 1200, restS: 300, intervalPct: 0.9 },
            route: 'ridge',
          };
    } else if (weekday === 6) {
      ride = {
        startTime: at(jitter()),
        durationS: recoveryWeek ? 5400 : 9000 + Math.round(rng() * 3600),
        ftpW,
        intervals: STEADY,
        route: Math.floor(d / 7) % 2 === 0 ? 'valley' : 'lakes',
        // A long ride ends hard, as group rides and races do: the durability of the advanced page
        // (the best 5 min after 15 kJ/kg against the best fresh) then has late efforts to measure.
        ...(recoveryWeek ? {} : { lateEffort: LATE_EFFORT }),
      };
    } else if (weekday === 0 && rng() < 0.85) {
      ride = { startTime: at(jitter()), durationS: 5400 + Math.round(rng() * 2700), ftpW, intervals: STEADY };
    } else if (weekday === 3 && rng() < 0.35) {
      ride = { startTime: at(jitter()), durationS: 2700 + Math.round(rng() * 900), ftpW, intervals: STEADY };
    }
    if (ride) rides.push({ ...ride, seed: seed * 1000 + d });
  }
  return rides;
}
