import type { ErgControl, ErgMode, ErgReason } from './ergControl';
import { ergTargetAt, type WorkoutPlan } from './workoutRide';

/** Why the rider follows the targets rather than the trainer holding them. */
export type FollowReason = ErgReason | 'noTrainer' | 'noControlPoint' | 'replay';

/**
 * A workout during a live ride: the workout clock (riding seconds only: a pause holds the workout where
 * it is), and the trainer in ERG mode when there is one that accepts control. The ride's clock calls
 * `onSecond` once per recorded second; the target of workout second k is sent when second k begins.
 */
export class WorkoutRun {
  /** Seconds of the workout ridden. */
  workoutS = 0;
  /** Timeline second (the session's elapsed seconds) at which each step began, for the file's laps. */
  readonly stepStartsElapsedS: number[] = [];

  private readonly listeners = new Set<() => void>();

  constructor(
    readonly plan: WorkoutPlan,
    readonly erg: ErgControl | undefined,
    private readonly followReason: FollowReason | undefined,
  ) {
    if (erg) erg.onChange = () => this.notify();
  }

  /** For the view: called when the trainer's mode or accepted target changes between seconds. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  get mode(): ErgMode {
    return this.erg ? this.erg.mode : 'follow';
  }

  get reason(): FollowReason | undefined {
    return this.erg ? this.erg.reason : this.followReason;
  }

  /** At the start of the ride: take the trainer, then set the first second's target. */
  start(): void {
    this.noteStep(0);
    if (!this.erg) return;
    void this.erg.takeControl().then(() => this.erg?.setTarget(ergTargetAt(this.plan, this.workoutS)));
  }

  /** After the ride recorded second `elapsedS` (1-based count); a paused second leaves the workout still. */
  onSecond(paused: boolean, elapsedS: number): void {
    if (paused) return;
    this.workoutS++;
    this.noteStep(elapsedS);
    this.erg?.setTarget(ergTargetAt(this.plan, this.workoutS));
  }

  pause(): void {
    void this.erg?.pause();
  }

  resume(): void {
    void this.erg?.resume().then(() => this.erg?.setTarget(ergTargetAt(this.plan, this.workoutS)));
  }

  end(): void {
    void this.erg?.stop();
  }

  private noteStep(elapsedS: number) {
    const step = this.plan.steps.find((s) => s.startS === this.workoutS);
    if (step && this.stepStartsElapsedS.length === step.index) this.stepStartsElapsedS.push(elapsedS);
  }
}
