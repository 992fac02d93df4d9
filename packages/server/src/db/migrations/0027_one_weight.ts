import { type Kysely, sql } from 'kysely';

// Issue 25 (one rider, one weight): the rider's body weight lives in athlete_settings_history only,
// dated. The profile's weight becomes the entry dated the day the rider last saved the profile (the
// rider's own word at that date wins over a dated entry of the same day, e.g. one the demo wrote),
// and the column goes, so nothing can read a second weight again. Before its first entry a ride uses
// the nearest one (ride-settings.ts), as it used the profile's weight before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into athlete_settings_history (user_id, effective_from, weight_kg)
    select user_id, (updated_at at time zone 'UTC')::date, weight_kg
    from user_profiles
    where weight_kg is not null
    on conflict (user_id, effective_from) do update set weight_kg = excluded.weight_kg
  `.execute(db);
  await db.schema.alterTable('user_profiles').dropColumn('weight_kg').execute();
}

// Back: the column again, holding the weight in force today (the newest entry on or before it,
// else the earliest); the dated entries stay.
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_profiles').addColumn('weight_kg', 'double precision').execute();
  await sql`
    update user_profiles p set weight_kg = (
      select h.weight_kg from athlete_settings_history h
      where h.user_id = p.user_id and h.weight_kg is not null
      order by (h.effective_from <= current_date) desc,
        case when h.effective_from <= current_date then current_date - h.effective_from
             else h.effective_from - current_date end
      limit 1
    )
  `.execute(db);
}
