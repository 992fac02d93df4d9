import { encodeFit, generateRide, SYNTHETIC_ROUTES } from '@vatio/formats';
import { QUEUES, type JobQueue } from '../../jobs/queue.ts';
import type { ActivityRepository } from '../activities/activity.repository.ts';
import type { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import type { ImportService } from '../imports/import.service.ts';
import type { PlanRepository } from '../plan/plan.repository.ts';
import { DemoFileCache } from './demo-files.ts';
import { type DemoRidePlan, demoFtpAt, planDemoRides } from './demo-plan.ts';
import { seedDemoTrainingPlan } from './demo-training-plan.ts';

export const DEMO_DAYS = 182;
const RIDES_PER_JOB = 12;
/** The demo rider's weight, used only when the rider gave none. */
const DEMO_WEIGHT_KG = 72;

export interface DemoRidesJob {
  userId: string;
  /** Which slice of the plan this job generates. */
  batch: number;
  today: string;
  /** Days of the plan (DEMO_DAYS when absent; the example rider may use fewer: config.exampleRiderDays). */
  days?: number;
}

/**
 * Fills a new rider's account with about six months of synthetic rides, through the real import
 * pipeline (FIT files encoded, stored, decoded and analysed like any upload), so every screen has
 * meaningful numbers on a fresh install. Generation runs in background jobs of a dozen rides.
 */
export class DemoService {
  private readonly files: DemoFileCache;

  constructor(
    private readonly deps: {
      activities: ActivityRepository;
      athleteSettings: AthleteSettingsRepository;
      importService: ImportService;
      queue: JobQueue;
      now: () => Date;
      /** Issue 26: the demo rider also gets a goal and a training plan. */
      plans?: PlanRepository;
      /** The day's generated files, shared by the riders who load the demo that day. */
      files?: DemoFileCache;
    },
  ) {
    this.files = deps.files ?? new DemoFileCache();
  }

  /** The number of rides `start` plans for `days` days before `today`. */
  static plannedRides(today: Date, days = DEMO_DAYS): number {
    return planDemoRides(today, days).length;
  }

  /** False when the rider already has rides: demo data only fills an empty account. */
  async start(userId: string, days = DEMO_DAYS): Promise<{ rides: number } | undefined> {
    const { activities, athleteSettings, queue, now } = this.deps;
    if (await activities.hasRides(userId)) return undefined;
    const today = now();
    const plan = planDemoRides(today, days);
    // The FTP the demo rider tested at, month by month, plus body and heart-rate settings: each only
    // where the rider gave none (issue 25: a rider's 64.5 kg must not become the demo's 72 kg on the
    // predictive, segment and aero screens while their uploads use 64.5).
    const start = today.getTime() - days * 86_400_000;
    const entries = [];
    for (let day = 0; day < days; day += 30) {
      entries.push({
        effective_from: new Date(start + day * 86_400_000).toISOString().slice(0, 10),
        ftp_w: demoFtpAt(day, days),
        weight_kg: DEMO_WEIGHT_KG,
        max_hr_bpm: 188,
        lthr_bpm: 168,
      });
    }
    await athleteSettings.fillGaps(userId, entries);
    if (this.deps.plans) await seedDemoTrainingPlan(this.deps.plans, userId, today);
    const batches = Math.ceil(plan.length / RIDES_PER_JOB);
    for (let batch = 0; batch < batches; batch++) {
      await queue.send(QUEUES.demoRides, {
        userId,
        batch,
        today: today.toISOString(),
        ...(days === DEMO_DAYS ? {} : { days }),
      } satisfies DemoRidesJob);
    }
    return { rides: plan.length };
  }

  async run(job: DemoRidesJob): Promise<void> {
    const today = new Date(job.today);
    const days = job.days ?? DEMO_DAYS;
    // The same bytes for every rider on one day (the plan is the day's, the generator seeded).
    const files = this.files.files(today, days, job.batch, () =>
      planDemoRides(today, days)
        .slice(job.batch * RIDES_PER_JOB, (job.batch + 1) * RIDES_PER_JOB)
        .map((ride) => {
          const bytes = encodeFit(generateRide(optionsOf(ride)));
          return {
            name: `demo-${ride.startTime.toISOString().slice(0, 10)}.fit`,
            bytes,
            sizeBytes: bytes.length,
          };
        }),
    );
    if (files.length > 0) await this.deps.importService.createImport(job.userId, 'demo', [...files]);
  }
}

function optionsOf(ride: DemoRidePlan) {
  return {
    seed: ride.seed,
    startTime: ride.startTime,
    durationS: ride.durationS,
    ftpW: ride.ftpW,
    ...(ride.intervals ? { intervals: ride.intervals } : {}),
    ...(ride.route ? { route: SYNTHETIC_ROUTES.find((r) => r.id === ride.route) } : {}),
    ...(ride.lateEffort ? { lateEffort: ride.lateEffort } : {}),
    leftBalancePct: 49,
    // The demo rider rides dual-sided power pedals: platform centre offset and power phase too.
    pedalPhase: true,
  };
}
