import type { Kysely } from 'kysely';

// A bike's weight (kg, with bottles and computer as ridden). When a ride's bike has one it joins the
// rider's weight in the system mass of the aero fit (ride-aero.ts); else an assumed 9 kg is used and said.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bikes').addColumn('weight_kg', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bikes').dropColumn('weight_kg').execute();
}
