import { type Kysely, sql } from 'kysely';

// Issue 28 (cold reads): the garage's bike performance and stats read each ride's whole-ride CdA only
// when its aero fit is trustworthy (@vatio/analysis aeroFitTrustworthy, the dashboard's CdA trend
// rule). Read out of `summary`, every ride's summary JSON was detoasted and parsed to find it. A stored
// generated column holds it instead: PostgreSQL (and PGlite) fills it for every existing row when the
// column is added and keeps it equal to the summary on every write, by import, re-analysis or anyone
// editing `summary` directly, so no write path has to remember it and no ride is re-analysed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activities add column trusted_cda_m2 double precision
    generated always as (
      case when coalesce((summary->'aeroFit'->>'trustworthy')::boolean, false)
        then (summary->'aeroFit'->>'cdaM2')::float8 end
    ) stored`.execute(db);
  // The batch pass after each import looks for the rider's rides measured against an estimated FTP
  // (ActivityRepository.ridesWithEstimatedFtp): found by reading every ride's summary, 27 to 145 ms for
  // 2,000 rides on the embedded database's thread, which delayed the rider's next answers. Indexed
  // under the same condition, it reads only those rides (most riders have none).
  await sql`create index activities_estimated_ftp_idx on activities (user_id)
    where (summary->>'ftpSource') = 'estimated'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index activities_estimated_ftp_idx`.execute(db);
  await sql`alter table activities drop column trusted_cda_m2`.execute(db);
}
