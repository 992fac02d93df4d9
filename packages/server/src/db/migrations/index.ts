import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_activities.ts';
import * as m0003 from './0003_strava.ts';
import * as m0006 from './0006_sync_queue.ts';

/** Numbered migrations, in order. A static list: no filesystem scanning, works from any bundle. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_activities': m0002,
  '0003_strava': m0003,
  '0006_sync_queue': m0006,
};
