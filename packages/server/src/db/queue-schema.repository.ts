import PgBoss from 'pg-boss';
import type { DatabaseHandle } from './database.ts';

// The job queue's part of the database (jobs/queue.ts runs the queue): its queues, pg-boss's settings
// and the embedded adapter, here so the short-lived process that creates and migrates an embedded
// database (migrate-process.ts) also creates pg-boss's schema and the queues.

export const QUEUES = {
  /** Decode, analyse and store one uploaded file. */
  importFile: 'import-file',
  /** Re-analyse one stored ride (settings changed, or an explicit re-run). */
  analyzeActivity: 'analyze-activity',
  /** Generate one batch of a demo rider's synthetic rides. */
  demoRides: 'demo-rides',
  /** One step of a rider's Strava import (list a page, import a few rides, or the bikes). */
  stravaSync: 'strava-sync',
  /** One Strava push event (activity created/updated/deleted, athlete deauthorized). */
  stravaEvent: 'strava-event',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface QueueOptions {
  /** Seconds a job may run before it counts as abandoned and is retried. */
  expireInSeconds?: number;
  pollingIntervalSeconds?: number;
}

/** pg-boss's settings for this app's queues. */
export function bossOptions(options: QueueOptions) {
  return {
    schema: 'pgboss',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds ?? 300,
    // Maintenance every minute: expired jobs (a crashed worker's) go back to the queue.
    maintenanceIntervalSeconds: 60,
    monitorStateIntervalSeconds: 60,
    schedule: false,
  } satisfies PgBoss.ConstructorOptions;
}

/** Starts pg-boss (creating its schema when missing) and creates this app's queues when missing. */
export async function startBossWithQueues(
  boss: PgBoss,
  common: ReturnType<typeof bossOptions>,
): Promise<void> {
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, {
      name,
      retryLimit: common.retryLimit,
      retryDelay: common.retryDelay,
      retryBackoff: true,
      expireInSeconds: common.expireInSeconds,
    });
  }
}

/**
 * On PGlite everything shares one in-process connection. pg-boss goes through Kysely's connection
 * lock so its statements never land inside another request's transaction; its multi-statement
 * schema scripts (no parameters) use `exec`.
 */
export function pgliteAdapter(handle: DatabaseHandle): PgBoss.Db {
  const pglite = handle.pglite!;
  return {
    executeSql: (text, values) =>
      handle.db.connection().execute(async () => {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      }),
  };
}

/**
 * Creates pg-boss's schema and the queues in an embedded database, with the settings the server
 * starts its queue with (`startJobQueue(handle, {})`), then stops. Run by migrate-process.ts: pg-boss's
 * DDL grows PGlite's WASM memory, which never shrinks, and the server kept that growth for good after
 * its first start (issue 27: idle memory ≤ 300 MB; the first start measured 292–304 MB).
 */
export async function prepareEmbeddedQueues(handle: DatabaseHandle): Promise<void> {
  const common = bossOptions({});
  const boss = new PgBoss({ ...common, db: pgliteAdapter(handle), supervise: false });
  await startBossWithQueues(boss, common);
  await boss.stop({ graceful: false, wait: true, close: false });
}
