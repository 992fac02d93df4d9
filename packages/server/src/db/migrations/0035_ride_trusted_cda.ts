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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activities drop column trusted_cda_m2`.execute(db);
}
