import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase, pgliteDirFor } from './db/database.ts';
import { startJobQueue } from './jobs/queue.ts';
import { startWorkers } from './job-workers.ts';
import { UserRepository } from './modules/auth/user.repository.ts';
import { BikeRepository } from './kernel/bike.repository.ts';
import { DemoRepository } from './modules/demo/demo.repository.ts';
import { ProfileRepository } from './kernel/profile.repository.ts';
import { createRideServices } from './services.ts';
import { FsBlobStore } from './storage/blob-store.ts';

/**
 * `vatio demo`: a demo rider with a profile, a bike and about six months of synthetic rides, so a
 * fresh install shows meaningful numbers. Run it while the server is stopped when the database is
 * the embedded one (PGlite allows one process at a time).
 */
export async function createDemoRider(
  email: string,
  progress: (message: string) => void,
): Promise<{ rides: number }> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirFor(config.dataDir),
  });
  try {
    await migrateToLatest(database.db);
    const queue = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
    const now = () => new Date();
    const services = createRideServices({
      db: database.db,
      blobs: new FsBlobStore(join(config.dataDir, 'blobs')),
      queue,
      now,
      log: (message, details) => console.error(message, details ?? {}),
      databaseUrl: config.databaseUrl,
    });
    try {
      const user = await new UserRepository(database.db).findOrCreate('email', email.trim().toLowerCase());
      const profiles = new ProfileRepository(database.db);
      if (!(await profiles.findProfile(user.id))) {
        await profiles.createWithSubscription(
          user.id,
          {
            first_name: 'Demo',
            last_name: 'Rider',
            date_of_birth: null,
            weight_kg: 72,
            height_cm: 178,
            cycling_experience: 'advanced',
            // Not said: the power profile reads the men's table and says so.
            sex: null,
            preferred_units: 'metric',
            goals: 'Raise FTP to 4 W/kg before the spring sportive',
          },
          now(),
        );
        await new BikeRepository(database.db).create(
          user.id,
          { name: 'Demo road bike', type: 'road', brand: null, model: null, year: null, weight_kg: null },
          true,
          now(),
        );
      }
      const started = await services.demo.start(user.id);
      if (!started) throw new Error(`${email} already has rides; the demo only fills an empty account.`);
      progress(`generating and analysing ${started.rides} rides…`);
      await startWorkers(queue, services);
      const demoRows = new DemoRepository(database.db);
      for (;;) {
        await new Promise((r) => setTimeout(r, 2000));
        const { stored, busy, jobs } = await demoRows.progress(user.id);
        progress(`${stored} of ${started.rides} rides stored`);
        if (busy === 0 && jobs === 0) return { rides: stored };
      }
    } finally {
      await queue.stop();
      await services.close();
    }
  } finally {
    await database.close();
  }
}
