import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AthleteSettingsRow, RiderBaseline } from '../../kernel/athlete-settings.repository.ts';
import type { RideWithPower } from './activity.repository.ts';
import type { StoredRideCurve } from './best-curve.repository.ts';
import type { EstimatedFtpRide } from './ride-ftp.service.ts';
import { SAME_START_S } from './same-ride.ts';

/**
 * Which rides a batch pass is for (batch-pass.ts): those whose stored figures the imports' rides can
 * change, or those whose windows hold curves removed, rewritten or stored at these instants by
 * something other than an import (a deleted ride's, a re-analysed one's, a Strava ride's, at its
 * start: the passes owed, pending-passes.ts).
 */
export type BatchPassScope = { importIds: readonly string[] } | { curvesChangedAt: readonly Date[] };

/** What the batch pass decides on (batch-pass.ts), read in one statement. */
export interface BatchPassRead {
  /** The rides of the scope measured against an estimated FTP, or with power and none (RideFtpService.reestimate). */
  estimated: EstimatedFtpRide[];
  /** The rides of the scope with power and a stream, oldest first, with the keys of their facts that tell whether they hold. */
  withPower: (RideWithPower & { blob_key: string })[];
  /** The stored curves every window of a ride of the scope can hold, oldest first. */
  curves: StoredRideCurve[];
  /** The rider's dated settings (AthleteSettingsRepository.baseline). */
  baseline: RiderBaseline;
}

type Json<T> = T | null;
interface Row {
  estimated: Json<(Omit<EstimatedFtpRide, 'start_time'> & { start_time: string })[]>;
  with_power: Json<(Omit<RideWithPower, 'start_time'> & { start_time: string; blob_key: string })[]>;
  curves: Json<(Omit<StoredRideCurve, 'start_time'> & { start_time: string })[]>;
  history: Json<(Omit<AthleteSettingsRow, 'created_at'> & { created_at: string })[]>;
}

/** A window of `windowDays` whole 86,400 s days, as an interval. */
function windowOf(windowDays: number) {
  // In seconds, not days: a day interval added to a timestamptz follows the session's time zone (23 or
  // 25 h across a DST change), the windows are whole 86,400 s days (estimated-ftp.ts).
  return sql`make_interval(secs => ${windowDays * 86_400})`;
}

/**
 * The intervals [lo, hi) of ride starts whose figures the rides stored by the imports' files can change
 * (`readBatchPass` says why): `files` picks the files (a condition on `f`, import_files), `earliest` is
 * where the scope of a file that replaced a damaged part with a complete one begins (the rider's first
 * ride, or before). Also the pass an import owes when it failed on the file's last try
 * (ImportRepository.batchPassOwed).
 */
export function importScopePoints(
  userId: string,
  files: RawBuilder<unknown>,
  earliest: RawBuilder<unknown>,
  windowDays: number,
) {
  // How far the start of a part the file replaced can lie from the ride's (seconds; readBatchPass).
  return sql`select
      case when f.message_code = 'REPLACED_DAMAGED' then ${earliest}
        when f.status = 'recovered' then a.start_time - make_interval(secs => greatest(a.elapsed_time_s, ${SAME_START_S}))
        else a.start_time end as lo,
      a.start_time + ${windowOf(windowDays)} + case when f.status = 'recovered' or f.message_code = 'REPLACED_DAMAGED'
        then make_interval(secs => greatest(a.elapsed_time_s, ${SAME_START_S})) else interval '0' end as hi
    from import_files f
    join activities a on a.user_id = ${userId} and a.id = f.activity_id
    where f.user_id = ${userId} and ${files} and f.status in ('done', 'recovered')`;
}

/**
 * The common table expressions `points` (the intervals [lo, hi) of `points`) to `islands` (those
 * intervals merged: gaps and islands), for a statement's `with`.
 */
export function scopeIslands(points: RawBuilder<unknown>) {
  return sql`points as (${points}),
    marked as (
      select lo, hi, case when lo <= max(hi) over (order by lo, hi rows between unbounded preceding and 1 preceding)
        then 0 else 1 end as opens
      from points
    ),
    numbered as (select lo, hi, sum(opens) over (order by lo, hi rows unbounded preceding) as island from marked),
    islands as (select min(lo) as lo, max(hi) as hi from numbered group by island)`;
}

/**
 * Issue 28: the batch pass after an import read the rider's whole history (every ride with an
 * estimated FTP, every ride with power with its facts, the curves around them: ~6 statements, each
 * waiting its turn on the embedded database's one connection) to change the rides of a few months.
 * Here, in one statement, only the rides whose stored facts the imports' rides can change (the scope)
 * and what deciding on them reads.
 *
 * The scope: a ride's eFTP and its critical power are those of the curves of the `windowDays` up to
 * and including it (estimated-ftp.ts `curvesInWindow`, ride-tactics.service.ts
 * `windowCriticalPowers`), so a curve stored at t changes the rides that start in [t, t + windowDays).
 * Its tactics and advanced facts follow its own FTP (and the rider's weight today, which no import
 * changes), never another ride's: so an eFTP moved by the batch changes that ride only. A ride outside
 * the scope whose advanced facts were measured with another durability split (the rider's weight
 * changed since) keeps them, as after a change of settings, which runs no pass: the advanced page
 * measures such a ride from its stream when its facts do not hold (advanced.service.ts `facts`). The points
 * are the starts of the rides the imports' files stored (`done` or `recovered` with a ride; a
 * duplicate stores nothing). A file that replaced a damaged part also removed the part's curve, at
 * the part's start, which the ride is the same as (same-ride.ts): within a minute of the ride's, or
 * overlapping it, so before the ride's end (the later of a minute and its elapsed time after its
 * start), and after its start less the part's elapsed time. A damaged file (`recovered`) replaces
 * only a shorter part (import.service.ts), so less its own elapsed time (or a minute) bounds that
 * start; a complete file (`REPLACED_DAMAGED`) may replace a longer part, and nothing bounds it: its
 * scope begins at the rider's first ride. The rides' intervals are merged (gaps and islands), and the
 * curves of each island reach `windowDays` before it.
 *
 * Issue 28 (trust): a deleted ride's curve goes with it (ride-delete.ts), which changes the figures of
 * the rides in [its start, its start + windowDays) as a stored one would: with `curvesChangedAt` the
 * points are those instants, and the rest of the statement is the same. So for a curve a re-analysis
 * rewrote (imports/reanalysis.service.ts), or one a Strava webhook or sync stored (strava/).
 */
async function readBatchPass(
  db: Kysely<Database>,
  userId: string,
  scope: BatchPassScope,
  windowDays: number,
): Promise<BatchPassRead> {
  const only = (column: 'tactics' | 'advanced_facts', keys: readonly string[]) =>
    sql`case when jsonb_typeof(${sql.ref(column)}) = 'object' then (
      select jsonb_object_agg(e.key, e.value) from jsonb_each(${sql.ref(column)}) e
      where e.key in (${sql.join(keys)})) end`;
  const window = windowOf(windowDays);
  // The intervals of ride starts whose figures the scope's curves move (`lo` to `hi`, see above).
  const points =
    'importIds' in scope
      ? importScopePoints(
          userId,
          sql`f.import_id = any(${[...scope.importIds]}::uuid[])`,
          sql`'-infinity'::timestamptz`,
          windowDays,
        )
      : // As ISO text: not every driver sends an array of dates as timestamps.
        sql`select t as lo, t + ${window} as hi
        from unnest(${scope.curvesChangedAt.map((t) => t.toISOString())}::timestamptz[]) as t`;
  const { rows } = await sql<Row>`
    with ${scopeIslands(points)},
    scoped as (
      select a.id, a.start_time, a.ftp_w, a.normalized_power_w, a.has_power, a.summary, a.tactics,
        a.advanced_facts, s.blob_key
      from islands i
      join activities a on a.user_id = ${userId} and a.start_time >= i.lo and a.start_time < i.hi
      left join activity_streams s on s.user_id = ${userId} and s.activity_id = a.id
    )
    select
      (select json_agg(json_build_object('id', id, 'start_time', start_time,
          'normalized_power_w', normalized_power_w, 'ftp_w', ftp_w, 'summary', summary) order by start_time, id)
        -- With power and no FTP: its window gave no eFTP when it was stored (RideFtpService.reestimate).
        from scoped where summary->>'ftpSource' = 'estimated' or (has_power and ftp_w is null)) as estimated,
      (select json_agg(json_build_object('id', id, 'start_time', start_time, 'ftp_w', ftp_w,
          'tactics', ${only('tactics', ['ftpW', 'cpW', 'wPrimeJ', 'fittedCpW', 'fittedWPrimeJ'])},
          'advanced_facts', ${only('advanced_facts', ['hasPower', 'ftpW', 'durabilityWorkKj'])},
          'blob_key', blob_key) order by start_time, id)
        from scoped where has_power and blob_key is not null) as with_power,
      (select json_agg(json_build_object('activity_id', c.activity_id, 'start_time', c.start_time,
          'durations_s', c.durations_s, 'power_w', c.power_w) order by c.start_time, c.activity_id)
        from activity_curves c
        where c.user_id = ${userId}
          -- The bounds let the index answer; the islands say which curves between them count.
          and c.start_time >= (select min(lo) from islands) - ${window}
          and c.start_time < (select max(hi) from islands)
          and exists (select 1 from islands i where c.start_time >= i.lo - ${window} and c.start_time < i.hi)
      ) as curves,
      (select json_agg(h order by h.effective_from desc) from athlete_settings_history h
        where h.user_id = ${userId}) as history`.execute(db);
  const row = rows[0]!;
  const at = <T extends { start_time: string }>(r: T) => ({ ...r, start_time: new Date(r.start_time) });
  return {
    estimated: (row.estimated ?? []).map(at),
    withPower: (row.with_power ?? []).map(at),
    curves: (row.curves ?? []).map(at),
    baseline: {
      history: (row.history ?? []).map((h) => ({ ...h, created_at: new Date(h.created_at) })),
    },
  };
}

/** The batch pass's read (`readBatchPass`), for the service that runs the passes (batch-pass.ts). */
export class BatchPassRepository {
  constructor(private readonly db: Kysely<Database>) {}

  read(userId: string, scope: BatchPassScope, windowDays: number): Promise<BatchPassRead> {
    return readBatchPass(this.db, userId, scope, windowDays);
  }
}
