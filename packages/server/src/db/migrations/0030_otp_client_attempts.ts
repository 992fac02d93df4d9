import { type Kysely, sql } from 'kysely';

// Issue 28 (sign-in lockout by strangers): a code's wrong tries are counted in two budgets, those
// from the address that asked for it (`attempts`) and those from anywhere else
// (`stranger_attempts`), so strangers guessing cannot kill the code the rider asked for. Addresses
// a contact signed in from are remembered for 30 days: the per-contact ceiling of codes an hour
// does not refuse them, so strangers flooding requests cannot keep the rider from asking.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table otp_codes add column stranger_attempts integer not null default 0`.execute(db);
  await sql`create table otp_known_addresses (
    contact text not null,
    request_ip text not null,
    verified_at timestamptz not null,
    primary key (contact, request_ip)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table otp_known_addresses`.execute(db);
  await sql`alter table otp_codes drop column stranger_attempts`.execute(db);
}
