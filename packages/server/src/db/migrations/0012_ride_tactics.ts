import type { Kysely } from 'kysely';

// Issue 13: each ride's tactical facts (surges, moving seconds, energy by zone, W′ matches, and the FTP
// and critical power they were measured against), computed once at import or re-analysis
// (@vatio/analysis `rideTactics`), so the predictive analysis adds stored numbers instead of decoding
// every stream of the period on each uncached request. NULL: no power, no FTP, or stored by an older
// analysis (ANALYSIS_VERSION 5 re-analyses those).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').addColumn('tactics', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').dropColumn('tactics').execute();
}
