import type { AnalyzeActivityJob } from '../modules/activities/reanalysis.service.ts';
import type { DemoRidesJob } from '../modules/demo/demo.service.ts';
import type { ImportFileJob } from '../modules/imports/import.service.ts';
import type { StravaSyncJob } from '../modules/strava/strava-sync.service.ts';
import type { StravaWebhookEvent } from '../modules/strava/strava-types.ts';
import type { RideServices } from '../services.ts';
import { QUEUES, type JobQueue } from './queue.ts';

/** Runs the ride pipeline's jobs in this process (the server does by default; `vatio worker` too). */
export async function startWorkers(queue: JobQueue, services: RideServices): Promise<void> {
  // One file in flight per analysis thread, plus one whose database work runs meanwhile here.
  const importsInFlight = services.preparer.threads + 1;
  for (let i = 0; i < importsInFlight; i++) {
    await queue.work<ImportFileJob>(QUEUES.importFile, async (job, { lastAttempt }) => {
      try {
        await services.importService.processFile(job);
      } catch (error) {
        // Retried by the queue; after the last try the rider still gets an answer for the file.
        if (!lastAttempt) throw error;
        await services.importService.markFailed(job.fileId);
      }
    });
  }
  await queue.work<AnalyzeActivityJob>(QUEUES.analyzeActivity, (job) => services.reanalysis.run(job));
  // Rides an older analysis stored are brought up to date in the background.
  await services.reanalysis.scheduleOutdated();
  await queue.work<DemoRidesJob>(QUEUES.demoRides, (job) => services.demo.run(job));
  const strava = services.strava;
  if (strava) {
    await queue.work<StravaSyncJob>(QUEUES.stravaSync, (job, { lastAttempt }) =>
      strava.sync.run(job, lastAttempt),
    );
    await queue.work<StravaWebhookEvent>(QUEUES.stravaEvent, (event) => strava.events.run(event));
  }
}
