import { AppError } from '../../errors.ts';
import type { BikeRepository } from '../../kernel/bike.repository.ts';
import { DemoService } from '../demo/demo.service.ts';
import type { ProfileRepository } from '../../kernel/profile.repository.ts';
import type { ExampleRiderRepository } from './example-rider.repository.ts';

/** No mailbox answers under the reserved `.invalid` top-level domain (RFC 2606 §2). */
export const EXAMPLE_EMAIL = 'example@vatio.invalid';
/** How long the web app waits before asking again while the example is being generated. */
const RETRY_AFTER_S = 5;
/**
 * An example row younger than this with nothing stored or queued is another process still creating
 * it (row first, rides queued a moment later): only an older one is a generation a stop cut short.
 */
export const RESTART_GRACE_MS = 120_000;

/** How the background preparation after start-up paces itself (config.exampleRiderPrepare). */
export interface PrepareOptions {
  /** Wait this long after listen first, so the first requests do not share the CPU with it. */
  delayMs: number;
  /** Then ask how far it has got this often (one small query). */
  pollMs: number;
  /** And give up after this long: the first visitor's request takes over, as before. */
  maxMs: number;
  /** Set when the server closes: no query after that. */
  signal?: AbortSignal;
}

export type PrepareOutcome =
  | { ready: true; afterMs: number }
  | { ready: false; reason: 'stopped' | 'timeout' | 'failed'; error?: unknown };

/**
 * The built-in example rider of the public /analytics (issue 13): created on first need, once per
 * instance, with a profile, a bike and the demo rides imported through the real pipeline. It answers
 * EXAMPLE_PREPARING (503, with progress) until every demo job and import is done, then its id.
 * It never signs in (AuthService refuses its contact) and, like every rider, only its own rows count.
 */
export class ExampleRiderService {
  /** Set once generation has finished: from then on no database question at all. */
  private readyId: string | undefined;
  /** One creation (or restart of generation) at a time in this process. */
  private starting: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      repository: ExampleRiderRepository;
      profiles: ProfileRepository;
      bikes: BikeRepository;
      demo: DemoService;
      now: () => Date;
      /** Days of demo rides (config.exampleRiderDays; the full demo plan in production). */
      days: number;
    },
  ) {}

  /** The example rider's user id, once its rides are ready; otherwise AppError EXAMPLE_PREPARING. */
  async riderId(): Promise<string> {
    if (this.readyId) return this.readyId;
    const { repository, days } = this.deps;
    const example = await repository.find();
    if (!example) {
      await this.once(() => this.create());
      throw this.preparing(0, DemoService.plannedRides(this.deps.now(), days));
    }
    const progress = await repository.progress(example.id);
    if (progress.stored > 0 && progress.busy === 0 && progress.jobs === 0) {
      this.readyId = example.id;
      return example.id;
    }
    const total = DemoService.plannedRides(example.created_at, days);
    // Nothing stored and nothing queued: the process stopped between creating the row and queueing
    // its rides. Queue them again (DemoService.start only fills an empty account). Not while the row
    // is young: another process sharing the database may be queueing them right now (start-up).
    const young = this.deps.now().getTime() - example.created_at.getTime() < RESTART_GRACE_MS;
    if (progress.stored === 0 && progress.busy === 0 && progress.jobs === 0 && !young) {
      await this.once(async () => {
        await this.deps.demo.start(example.id, days);
      });
    }
    throw this.preparing(Math.min(progress.stored, total), total);
  }

  /**
   * Prepares the example in the background after start-up (issue 25 §8), so the first visitor of the
   * public /analytics finds it ready: the same path as a request (create once, queue the demo rides
   * through the real import jobs), then a poll until it is ready. Harmless with several processes on
   * one PostgreSQL: one row can exist (unique index), only its creator queues the rides, and the
   * others only poll. Never throws; bounded by `maxMs`.
   */
  async prepare(options: PrepareOptions): Promise<PrepareOutcome> {
    const started = Date.now();
    const { signal } = options;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        // A timer alone does not keep the process alive.
        timer.unref?.();
        signal?.addEventListener('abort', done, { once: true });
      });
    await sleep(options.delayMs);
    while (!signal?.aborted) {
      try {
        await this.riderId();
        return { ready: true, afterMs: Date.now() - started };
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'EXAMPLE_PREPARING'))
          return { ready: false, reason: 'failed', error };
      }
      if (Date.now() - started + options.pollMs > options.maxMs) return { ready: false, reason: 'timeout' };
      await sleep(options.pollMs);
    }
    return { ready: false, reason: 'stopped' };
  }

  private async once(work: () => Promise<void>): Promise<void> {
    if (!this.starting) {
      this.starting = work().finally(() => {
        this.starting = undefined;
      });
    }
    await this.starting;
  }

  private async create(): Promise<void> {
    const { repository, profiles, bikes, demo, now, days } = this.deps;
    const user = await repository.create(EXAMPLE_EMAIL);
    // Another process created it first: it queues the rides.
    if (!user) return;
    const at = now();
    await profiles.createWithSubscription(
      user.id,
      {
        first_name: 'Example',
        last_name: 'rider',
        date_of_birth: null,
        weight_kg: 72,
        height_cm: 178,
        cycling_experience: 'intermediate',
        // Not said: the power profile reads the men's table and says so.
        sex: null,
        preferred_units: 'metric',
        goals: null,
      },
      at,
    );
    await bikes.create(
      user.id,
      { name: 'Road bike', type: 'road', brand: null, model: null, year: null, weight_kg: 8.5 },
      true,
      at,
    );
    await demo.start(user.id, days);
  }

  private preparing(done: number, total: number): AppError {
    return new AppError('EXAMPLE_PREPARING', undefined, {
      retry_after_s: RETRY_AFTER_S,
      progress: { done, total },
    });
  }
}
