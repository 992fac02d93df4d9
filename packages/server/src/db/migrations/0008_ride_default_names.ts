import { type Kysely, sql } from 'kysely';

// Default ride names follow the reader's language (issue 11 §6, §8): a ride stores a name only when
// the file, Strava or the rider gave one. `day_part` keeps what the default name says. Names Vatio
// generated at import ("Morning Ride", "Salida matinal", …, exactly, in either language) are
// cleared; every other name is the rider's and stays.
const PARTS = {
  night: ['Night', 'nocturna'],
  morning: ['Morning', 'matinal'],
  afternoon: ['Afternoon', 'de tarde'],
  evening: ['Evening', 'vespertina'],
} as const;

function generatedNames(): { name: string; part: string }[] {
  return Object.entries(PARTS).flatMap(([part, [en, es]]) => [
    { name: `${en} Ride`, part },
    { name: `${en} Virtual Ride`, part },
    { name: `Salida ${es}`, part },
    { name: `Salida virtual ${es}`, part },
  ]);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').addColumn('day_part', 'text').execute();
  await db.schema
    .alterTable('activities')
    .alterColumn('name', (c) => c.dropNotNull())
    .execute();
  await clearGeneratedRideNames(db);
}

/** Clears the names Vatio generated (exactly those) and sets every ride's `day_part`. Idempotent. */
export async function clearGeneratedRideNames(db: Kysely<unknown>): Promise<void> {
  for (const { name, part } of generatedNames()) {
    await sql`UPDATE activities SET name = NULL, day_part = ${part} WHERE name = ${name}`.execute(db);
  }
  // Rides with a name of their own: the UTC hour, until a re-analysis reads the start longitude.
  await sql`
    UPDATE activities SET day_part = CASE
      WHEN extract(hour FROM start_time AT TIME ZONE 'UTC') < 5 THEN 'night'
      WHEN extract(hour FROM start_time AT TIME ZONE 'UTC') < 12 THEN 'morning'
      WHEN extract(hour FROM start_time AT TIME ZONE 'UTC') < 17 THEN 'afternoon'
      WHEN extract(hour FROM start_time AT TIME ZONE 'UTC') < 21 THEN 'evening'
      ELSE 'night' END
    WHERE day_part IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE activities SET name = CASE day_part
      WHEN 'night' THEN 'Night Ride' WHEN 'morning' THEN 'Morning Ride'
      WHEN 'afternoon' THEN 'Afternoon Ride' ELSE 'Evening Ride' END
    WHERE name IS NULL`.execute(db);
  await db.schema
    .alterTable('activities')
    .alterColumn('name', (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable('activities').dropColumn('day_part').execute();
}
