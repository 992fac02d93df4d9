import type { Kysely } from 'kysely';

// Each ride's advanced-page facts (gradient split curve, durability split, sprints, hard efforts,
// steady stretches, cadence profile, pedalling; @vatio/analysis `rideAdvancedFacts`, stored rounded
// by activities/ride-advanced-facts.ts), computed once at import or re-analysis, so
// GET /api/analytics/advanced adds stored numbers instead of decoding every stream of the period.
// NULL: no stream, or stored by an older analysis (ANALYSIS_VERSION 6 re-analyses those).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').addColumn('advanced_facts', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').dropColumn('advanced_facts').execute();
}
