import type { Kysely } from 'kysely';

// Issue 16 (deployment with several `vatio serve` processes): a personal API key's rate window was
// counted in each process's memory, so N servers behind a proxy allowed N times the limit. On
// PostgreSQL the window now lives on the key's row, counted by one atomic UPDATE per request
// (ApiKeyRepository.countRequest); the embedded database has one process and keeps it in memory.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('rate_window_start', 'timestamptz')
    .addColumn('rate_window_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .dropColumn('rate_window_start')
    .dropColumn('rate_window_count')
    .execute();
}
