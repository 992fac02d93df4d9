import {
  type ActivityStreams,
  CP_FIT_RANGE,
  criticalPowerOf,
  meanMaxDurationsS,
  type RideTactics,
  rideTactics,
} from '@vatio/analysis';
import type { BlobStore } from '../../storage/blob-store.ts';
import { mainThreadIsFree, type ReadsInFlight } from '../../jobs/fair-share.ts';
import type { AthleteSettingsRepository, RiderBaseline } from '../../kernel/athlete-settings.repository.ts';
import type { ActivityRepository, RideLoad, RideWithPower } from './activity.repository.ts';
import type { StoredRideCurve } from './best-curve.repository.ts';
import { advancedFactsHold, durabilityWorkKjFor, isoDate } from './ride-advanced-facts.ts';
import { RECENT_BESTS_DAYS } from './ride-detail-analysis.ts';
import { bestOfRideCurves } from './rider-best-curve.ts';
import { measureRideFacts, type RideFacts, type RideFactsRequest } from './ride-facts.ts';

const DAY_MS = 86_400_000;

/**
 * Rides whose measured facts the batch pass writes in one statement (issue 28: one statement a ride:
 * on PGlite here 1,000 one-row updates of ~1.8 KB facts took 0.6-0.8 s of the embedded database's
 * thread, 10 statements of 100 rides 0.18-0.2 s, ~18 ms each). Not all at once: one
 * statement holds that thread, and every request in flight, until it ends, and facts measured but
 * not yet written are lost to a crash (the pass runs again, jobs/queue.ts).
 */
export const FACTS_PER_WRITE = 100;

/**
 * The critical power and W′ a ride's W′ balance is computed with, as its ride page computes it
 * (ride-detail-analysis.ts): the 2-parameter fit of the bests of the rides of the 90 days up to and
 * including the ride. `curves` may hold more rides; only that window's count.
 */
export function rideCriticalPower(
  curves: readonly StoredRideCurve[],
  start: Date,
): { cpW: number; wPrimeJ: number } | undefined {
  return windowCriticalPowers(curves, [start])[0];
}

/**
 * `rideCriticalPower` for many rides at once, without merging whole curves for each: the fit reads
 * only the envelope's grid points within `CP_FIT_RANGE`, so each curve's best at or beyond each of
 * those points is found once (as `mergeBestCurves` carries it) and each window takes their maximum.
 * A window whose longest ride is shorter than the fit range (another grid) is merged in full.
 */
export function windowCriticalPowers(
  curves: readonly StoredRideCurve[],
  starts: readonly Date[],
): ({ cpW: number; wPrimeJ: number } | undefined)[] {
  const fitGrid = meanMaxDurationsS(CP_FIT_RANGE.maxDurationS).filter(
    (d) => d >= CP_FIT_RANGE.minDurationS && d <= CP_FIT_RANGE.maxDurationS,
  );
  const held = curves.map((curve) => {
    const out = new Float64Array(fitGrid.length).fill(Number.NEGATIVE_INFINITY);
    let k = curve.durations_s.length - 1;
    let best = Number.NEGATIVE_INFINITY;
    for (let g = fitGrid.length - 1; g >= 0; g--) {
      while (k >= 0 && curve.durations_s[k]! >= fitGrid[g]!) {
        if (curve.power_w[k]! > best) best = curve.power_w[k]!;
        k--;
      }
      out[g] = best;
    }
    return out;
  });
  const lastS = curves.map((c) => c.durations_s[c.durations_s.length - 1] ?? 0);
  return starts.map((start) => {
    const to = start.getTime();
    const from = to - RECENT_BESTS_DAYS * DAY_MS;
    const inWindow: number[] = [];
    for (let i = 0; i < curves.length; i++) {
      const t = curves[i]!.start_time.getTime();
      if (t > from && t <= to) inWindow.push(i);
    }
    if (inWindow.length === 0) return undefined;
    const longestS = Math.max(...inWindow.map((i) => lastS[i]!));
    if (longestS < CP_FIT_RANGE.maxDurationS)
      return criticalPowerOf(bestOfRideCurves(inWindow.map((i) => curves[i]!)));
    const envelope = new Array<number>(fitGrid.length).fill(Number.NEGATIVE_INFINITY);
    for (const i of inWindow) {
      const h = held[i]!;
      for (let g = 0; g < fitGrid.length; g++) if (h[g]! > envelope[g]!) envelope[g] = h[g]!;
    }
    const durationsS: number[] = [];
    const powerW: number[] = [];
    fitGrid.forEach((d, g) => {
      if (envelope[g]! > Number.NEGATIVE_INFINITY) {
        durationsS.push(d);
        powerW.push(envelope[g]!);
      }
    });
    return durationsS.length === 0 ? undefined : criticalPowerOf({ durationsS, powerW });
  });
}

// Curves come back from `real[]` columns; a fit on them may differ from the import's in the last bits.
const same = (stored: number | null, now: number) =>
  stored !== null && Math.abs(stored - now) <= 1e-6 * Math.max(1, Math.abs(now));

/** Whether a ride's stored tactics still hold: measured against its FTP and its window's critical power. */
export function tacticsHold(
  tactics: RideTactics | null,
  ftpW: number | null,
  cp: { cpW: number; wPrimeJ: number } | undefined,
): tactics is RideTactics {
  if (tactics === null || ftpW === null || tactics.ftpW !== ftpW) return false;
  // Compared with the window's own critical power, not the one the balance was drawn with: that one
  // may be raised (GoldenCheetah's minimum CP) and would never equal the window's, so every import
  // would measure the ride again.
  const fittedCpW = tactics.fittedCpW === undefined ? tactics.cpW : tactics.fittedCpW;
  const fittedWPrimeJ = tactics.fittedWPrimeJ === undefined ? tactics.wPrimeJ : tactics.fittedWPrimeJ;
  if (cp === undefined) return fittedCpW === null;
  return same(fittedCpW, cp.cpW) && same(fittedWPrimeJ, cp.wPrimeJ);
}

/**
 * The rider's stored curves that the windows (`days` up to and including each start) of `rides`
 * can hold: from the earliest window's start to the latest ride's. None without rides.
 */
export async function curvesAround(
  activities: Pick<ActivityRepository, 'curves'>,
  userId: string,
  rides: readonly { start_time: Date }[],
  days: number,
): Promise<StoredRideCurve[]> {
  if (rides.length === 0) return [];
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of rides) {
    first = Math.min(first, r.start_time.getTime());
    last = Math.max(last, r.start_time.getTime());
  }
  return activities.curves(userId, { from: new Date(first - days * DAY_MS), to: new Date(last + 1) });
}

/**
 * A ride's tactical facts, computed once when it is stored or re-analysed (the predictive analysis
 * adds them up): against the FTP the ride is measured with (after any eFTP) and the critical power of
 * its ride page's W′ balance, read from the stored curves of its 90-day window.
 */
export class RideTacticsService {
  constructor(
    private readonly deps: {
      activities: ActivityRepository;
      blobs: BlobStore;
      now: () => Date;
      /** With it, `rederive` also refreshes the stored advanced facts (ride-advanced-facts.ts). */
      athleteSettings?: Pick<AthleteSettingsRepository, 'baseline'>;
      /** Where the facts are measured from a stream (an analysis thread); in this thread without it. */
      measureFacts?: (streamsBlob: Uint8Array, request: RideFactsRequest) => Promise<RideFacts>;
      /** How many rides `measureFacts` measures at once (its threads); 1 without it. */
      measureFactsThreads?: number;
      /**
       * Riders' reads in flight (jobs/fair-share.ts): with analysis threads, this thread measures a
       * ride of the batch pass only while none is waiting.
       */
      reads?: ReadsInFlight;
      /** Rides whose facts the batch pass writes in one statement (`FACTS_PER_WRITE` without it). */
      factsPerWrite?: number;
    },
  ) {}

  /**
   * Whether `rederive` measures a ride's missing advanced facts too (it does with `athleteSettings`):
   * an import may then leave both facts of a ride with power to the batch pass (import.service.ts).
   */
  get rederivesAllFacts(): boolean {
    return this.deps.athleteSettings !== undefined;
  }

  /**
   * The critical power of the 90-day window ending at `start` (the ride's W′ balance is drawn with
   * it), from the stored curves; `ownCurve` joins them when the ride is not stored yet (it replaces
   * a stored curve with the same start).
   */
  async windowCriticalPower(
    userId: string,
    start: Date,
    ownCurve: { durations_s: number[]; power_w: number[] } | undefined,
    /** Stored curves that hold at least the window (`rideCriticalPower` counts only its own). */
    windowCurves?: () => Promise<readonly StoredRideCurve[]>,
  ): Promise<{ cpW: number; wPrimeJ: number } | undefined> {
    const stored: readonly StoredRideCurve[] = windowCurves
      ? await windowCurves()
      : await this.deps.activities.curves(userId, {
          from: new Date(start.getTime() - RECENT_BESTS_DAYS * DAY_MS + 1),
          to: new Date(start.getTime() + 1),
        });
    const curves: readonly StoredRideCurve[] = ownCurve
      ? [
          ...stored.filter((c) => c.start_time.getTime() !== start.getTime()),
          { activity_id: 'own', start_time: start, ...ownCurve },
        ]
      : stored;
    return rideCriticalPower(curves, start);
  }

  /**
   * The JSON to store in `activities.tactics` (null without power or FTP). `ownCurve` joins the
   * stored curves when the ride is not stored yet (it replaces a stored curve with the same start).
   */
  async measure(
    userId: string,
    ride: { streams: ActivityStreams; start: Date; ftpW: number | null; hasPower: boolean },
    ownCurve: { durations_s: number[]; power_w: number[] } | undefined,
  ): Promise<string | null> {
    if (!ride.hasPower || ride.ftpW === null) return null;
    const tactics = rideTactics(ride.streams, {
      ftpW: ride.ftpW,
      criticalPower: await this.windowCriticalPower(userId, ride.start, ownCurve),
    });
    return tactics ? JSON.stringify(tactics) : null;
  }

  /**
   * After an import batch (files finish in any order, and each was measured against the rides stored
   * before it): every ride whose stored facts no longer hold measured again from its stream — its
   * tactical facts when its FTP was re-estimated or a ride of the batch changed its window's critical
   * power; its advanced facts (with `athleteSettings`) when its FTP or the rider's weight moved the
   * durability split. One pass: the rides with power are read once, a ride's stream is decoded once
   * for whichever of its facts need it, and both are written together, a chunk of rides a statement
   * (`FACTS_PER_WRITE`). Returns how many rides were measured again. Every ride of the rider's: the
   * tests' reference (the Strava sync's end ran it until issue 28, trust: the batch pass over the run's
   * rides now); the batch passes read only the rides a change can move and call `remeasure`.
   */
  async rederive(userId: string): Promise<number> {
    const { activities, athleteSettings } = this.deps;
    const [rides, baseline] = await Promise.all([
      activities.ridesWithPower(userId, { withStream: true, factsToCheck: true }),
      athleteSettings?.baseline(userId),
    ]);
    const withStream = rides.filter((r): r is RideWithPower & { blob_key: string } => r.blob_key !== null);
    // Only the curves the tactical rides' windows can hold (issue 28: every stored curve was read).
    const curves = await curvesAround(
      activities,
      userId,
      withStream.filter((r) => r.ftp_w !== null),
      RECENT_BESTS_DAYS,
    );
    return this.remeasure(userId, { rides: withStream, curves, baseline });
  }

  /**
   * `rederive` on rides read already (the import's batch pass reads them with the rest it decides on
   * in one statement: import.service.ts): `curves` holds every curve their windows hold, `baseline`
   * the rider's settings (only used with `athleteSettings`). `loads` are new estimated FTPs
   * (RideFtpService `reestimate`): each ride is checked against its new FTP, and the load is written
   * with its facts (with the first chunk written when they hold).
   */
  async remeasure(
    userId: string,
    input: {
      rides: readonly (RideWithPower & { blob_key: string })[];
      curves: readonly StoredRideCurve[];
      baseline: RiderBaseline | undefined;
      loads?: readonly RideLoad[];
    },
  ): Promise<number> {
    const { activities, blobs, now, athleteSettings } = this.deps;
    const { curves } = input;
    const baseline = athleteSettings ? input.baseline : undefined;
    const loadOf = new Map((input.loads ?? []).map((l) => [l.id, l]));
    const withStream = input.rides.map((r) => {
      const load = loadOf.get(r.id);
      return load ? { ...r, ftp_w: load.ftp_w } : r;
    });
    // Tactics are measured against the ride's own FTP: rides without one keep none.
    const tactical = withStream.filter((r) => r.ftp_w !== null);
    const cps = windowCriticalPowers(
      curves,
      tactical.map((r) => r.start_time),
    );
    const cpOf = new Map(tactical.map((r, k) => [r.id, cps[k]]));
    const today = isoDate(now());
    const advanced = baseline && { baseline, durabilityWorkKj: durabilityWorkKjFor(baseline, today) };
    const stale: { ride: RideWithPower & { blob_key: string }; request: RideFactsRequest }[] = [];
    // Issue 28 (trust): a ride whose FTP is gone (its eFTP window emptied: RideFtpService.reestimate)
    // keeps no tactics, as the import stores none without an FTP; nothing to measure for that.
    const gone = new Set<string>();
    const tacticsGone = new Set(
      withStream.filter((r) => r.ftp_w === null && r.tactics !== null).map((r) => r.id),
    );
    for (const ride of withStream) {
      const cp = cpOf.get(ride.id);
      const tacticsStale = ride.ftp_w !== null && !tacticsHold(ride.tactics, ride.ftp_w, cp);
      const advancedStale =
        advanced !== undefined &&
        !advancedFactsHold(ride.advanced_facts, {
          ftpW: ride.ftp_w ?? undefined,
          durabilityWorkKj: advanced.durabilityWorkKj,
        });
      if (!tacticsStale && !advancedStale) {
        if (tacticsGone.has(ride.id)) gone.add(ride.id);
        continue;
      }
      const request: RideFactsRequest = {
        ...(tacticsStale ? { tactics: { ftpW: ride.ftp_w!, criticalPower: cp } } : {}),
        ...(advancedStale && advanced
          ? { advanced: { ftpW: ride.ftp_w, baseline: advanced.baseline, today } }
          : {}),
      };
      stale.push({ ride, request });
    }
    // A new load goes with the ride's facts; those of rides measured no more, with the first chunk written.
    const staleIds = new Set(stale.map((s) => s.ride.id));
    const loadsAlone = [...loadOf.values()].filter((l) => !staleIds.has(l.id) && !gone.has(l.id));
    // Issue 28: after a batch nearly every ride is measured here (those stored while other files were
    // pending have no facts yet), so the rides are taken by lanes working at once: one for each
    // analysis thread, and one in this thread. Fair sharing (jobs/fair-share.ts): this thread's lane
    // takes a ride only while no rider's read is waiting (a ride's facts hold it 20-80 ms at once,
    // and every request in flight waits that long), and waits otherwise until the reads are answered
    // or the threads' lanes have taken every ride; a ride it took whose measuring finds reads waiting
    // goes to an analysis thread. Without analysis threads, this thread alone, as before.
    const { measureFacts, measureFactsThreads = 1, reads, factsPerWrite = FACTS_PER_WRITE } = this.deps;
    let next = 0;
    let failed = false;
    const take = () => (!failed && next < stale.length ? stale[next++]! : undefined);
    // Measured facts wait here for their statement, written a chunk at a time (`FACTS_PER_WRITE`).
    let measured: { id: string; facts: RideFacts; load?: RideLoad }[] = [
      ...loadsAlone.map((load) => ({ id: load.id, facts: {}, load })),
      ...[...gone].map((id) => {
        const load = loadOf.get(id);
        return load ? { id, facts: { tactics: null }, load } : { id, facts: { tactics: null } };
      }),
    ];
    const write = async () => {
      const chunk = measured;
      measured = [];
      await activities.updateRidesFacts(userId, chunk, now());
    };
    const measureOne = async (
      { ride, request }: (typeof stale)[number],
      measure: (blob: Uint8Array, request: RideFactsRequest) => Promise<RideFacts> | RideFacts,
    ) => {
      try {
        const facts = await measure(await blobs.get(ride.blob_key), request);
        if (tacticsGone.has(ride.id)) facts.tactics = null;
        const load = loadOf.get(ride.id);
        measured.push(load ? { id: ride.id, facts, load } : { id: ride.id, facts });
        if (measured.length >= factsPerWrite) await write();
      } catch (error) {
        failed = true;
        throw error;
      }
    };
    if (!measureFacts || measureFactsThreads === 0) {
      for (let item = take(); item; item = take())
        await measureOne(item, (blob, request) => (measureFacts ?? measureRideFacts)(blob, request));
      await write();
      return stale.length;
    }
    const threadLane = async () => {
      for (let item = take(); item; item = take()) await measureOne(item, measureFacts);
    };
    const threadLanes = Promise.all(Array.from({ length: measureFactsThreads }, threadLane));
    const threadLanesDone = threadLanes.then(
      () => undefined,
      () => undefined,
    );
    const thisThreadLane = async () => {
      while (!failed && next < stale.length) {
        if (!(await mainThreadIsFree(reads))) {
          // Until the reads are answered, or until the threads' lanes have taken every ride (then the
          // wait is forgotten: it would keep this pass's rides alive while reads keep coming).
          await new Promise<void>((resolve) => {
            const forget = reads!.onIdle(resolve);
            void threadLanesDone.then(() => {
              forget();
              resolve();
            });
          });
          continue;
        }
        const item = take();
        if (!item) return;
        await measureOne(item, async (blob, request) =>
          (await mainThreadIsFree(reads)) ? measureRideFacts(blob, request) : measureFacts(blob, request),
        );
      }
    };
    await Promise.all([threadLanes, thisThreadLane()]);
    await write();
    return stale.length;
  }
}
