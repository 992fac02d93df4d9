import { type Kysely, sql } from 'kysely';

// Issue 16 ("Found already"): `POST /api/auth/verify` had no per-address limit, so one client could
// spray guesses over many contacts. Each failed verification is recorded by client address; past the
// limit in an hour that address is answered 429. Rows older than the window serve nothing and are
// deleted as new ones arrive.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('otp_verify_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('request_ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('otp_verify_failures_ip_idx')
    .on('otp_verify_failures')
    .columns(['request_ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('otp_verify_failures_created_idx')
    .on('otp_verify_failures')
    .column('created_at')
    .execute();
  // The per-contact-and-address code limit counts by both columns.
  await db.schema
    .createIndex('otp_codes_contact_ip_idx')
    .on('otp_codes')
    .columns(['contact', 'request_ip', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('otp_codes_contact_ip_idx').execute();
  await db.schema.dropTable('otp_verify_failures').execute();
}
