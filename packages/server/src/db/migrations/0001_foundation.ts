import { type Kysely, sql } from 'kysely';

// One schema for PGlite (PostgreSQL 17) and Debian's PostgreSQL 15: nothing newer than PG 15.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('users_contact_present', sql`email is not null or phone is not null`)
    .execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('contact_type', 'text', (c) => c.notNull().check(sql`contact_type in ('email', 'sms')`))
    .addColumn('contact', 'text', (c) => c.notNull())
    // 'sign_in' codes open a session; 'link' codes add this contact to the signed-in rider (user_id).
    .addColumn('purpose', 'text', (c) =>
      c.notNull().defaultTo('sign_in').check(sql`purpose in ('sign_in', 'link')`),
    )
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('request_ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('otp_codes_contact_idx')
    .on('otp_codes')
    .columns(['contact', 'created_at'])
    .execute();
  await db.schema
    .createIndex('otp_codes_ip_idx')
    .on('otp_codes')
    .columns(['request_ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'date')
    .addColumn('weight_kg', 'double precision')
    .addColumn('height_cm', 'integer')
    .addColumn('cycling_experience', 'text', (c) =>
      c.notNull().check(sql`cycling_experience in ('beginner', 'intermediate', 'advanced', 'professional')`),
    )
    .addColumn('preferred_units', 'text', (c) =>
      c.notNull().defaultTo('metric').check(sql`preferred_units in ('metric', 'imperial')`),
    )
    .addColumn('goals', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tier', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('notifications', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('theme', 'text', (c) =>
      c.notNull().defaultTo('light').check(sql`theme in ('light', 'dark', 'system')`),
    )
    .addColumn('auto_sync', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('language', 'text', (c) => c.check(sql`language in ('es', 'en')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('athlete_settings_history')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('effective_from', 'date', (c) => c.notNull())
    .addColumn('ftp_w', 'integer')
    .addColumn('weight_kg', 'double precision')
    .addColumn('max_hr_bpm', 'integer')
    .addColumn('lthr_bpm', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('athlete_settings_user_date', ['user_id', 'effective_from'])
    .execute();

  await db.schema
    .createTable('bikes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('road', 'tt', 'gravel', 'mountain')`))
    .addColumn('brand', 'text')
    .addColumn('model', 'text')
    .addColumn('year', 'integer')
    .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('bikes_user_idx').on('bikes').column('user_id').execute();
  // At most one primary bike per rider, enforced by the database and not only by the route.
  await db.schema
    .createIndex('bikes_one_primary_per_user')
    .on('bikes')
    .column('user_id')
    .unique()
    .where(sql.ref('is_primary'), '=', true)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'bikes',
    'athlete_settings_history',
    'user_settings',
    'subscriptions',
    'user_profiles',
    'refresh_tokens',
    'sessions',
    'otp_codes',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
