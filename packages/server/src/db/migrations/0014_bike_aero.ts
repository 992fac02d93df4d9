import type { Kysely } from 'kysely';

// A bike's CdA and Crr as the rider saved them from the aero lab (POST /api/activities/:id/aero-fit),
// when and from which ride. The predictive event model uses them for the primary bike before the
// median of the ride fits; the aero lab opens a ride of the bike at them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bikes')
    .addColumn('cda_m2', 'double precision')
    .addColumn('crr', 'double precision')
    .addColumn('aero_measured_at', 'timestamptz')
    .addColumn('aero_activity_id', 'uuid', (col) => col.references('activities.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bikes')
    .dropColumn('aero_activity_id')
    .dropColumn('aero_measured_at')
    .dropColumn('crr')
    .dropColumn('cda_m2')
    .execute();
}
