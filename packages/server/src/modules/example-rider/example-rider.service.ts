import { AppError } from '../../errors.ts';
import type { BikeRepository } from '../bikes/bike.repository.ts';
import { DemoService } from '../demo/demo.service.ts';
import type { ProfileRepository } from '../profile/profile.repository.ts';
import type { ExampleRiderRepository } from './example-rider.repository.ts';

/** No mailbox answers under the reserved `.invalid` top-level domain (RFC 2606 §2). */
export const EXAMPLE_EMAIL = 'example@vatio.invalid';
/** How long the web app waits before asking again while the example is being generated. */
const RETRY_AFTER_S = 5;

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
    // its rides. Queue them again (DemoService.start only fills an empty account).
    if (progress.stored === 0 && progress.busy === 0 && progress.jobs === 0) {
      await this.once(async () => {
        await this.deps.demo.start(example.id, days);
      });
    }
    throw this.preparing(Math.min(progress.stored, total), total);
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
