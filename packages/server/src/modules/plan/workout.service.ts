import {
  fitWorkoutToTss,
  libraryWorkout,
  serializeWorkoutText,
  WORKOUT_LIBRARY,
  type Workout,
} from '@vatio/analysis';
import { exportWorkout, isWorkoutExportError, type WorkoutFileFormat } from '@vatio/formats';
import type { WorkoutResponse, workoutSchema, workoutUpdateSchema } from '@vatio/schemas';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { type AthleteSettingsRepository, settingsAt } from '../../kernel/athlete-settings.repository.ts';
import type { PlanRepository, WorkoutRow } from './plan.repository.ts';
import { assertValidWorkout, presentLibraryWorkout, presentLoad, workoutOf } from './workout-input.ts';

type WorkoutInput = z.output<typeof workoutSchema>;
type WorkoutUpdate = z.output<typeof workoutUpdateSchema>;

/** The rider's own workouts (CRUD), the read-only library, and files of either for head units and trainers. */
export class WorkoutService {
  constructor(
    private readonly deps: {
      repo: PlanRepository;
      athleteSettings: AthleteSettingsRepository;
      now: () => Date;
    },
  ) {}

  private async ftpW(userId: string): Promise<number | undefined> {
    const today = this.deps.now().toISOString().slice(0, 10);
    return settingsAt(await this.deps.athleteSettings.list(userId), today).ftpW;
  }

  private present(row: WorkoutRow, ftpW: number | undefined): WorkoutResponse {
    const structure = row.structure as Workout;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      purpose: row.purpose as WorkoutResponse['purpose'],
      structure: structure as WorkoutResponse['structure'],
      text: serializeWorkoutText(structure),
      ...presentLoad(structure, ftpW),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  async list(userId: string): Promise<WorkoutResponse[]> {
    const [rows, ftpW] = await Promise.all([this.deps.repo.workouts(userId), this.ftpW(userId)]);
    return rows.map((r) => this.present(r, ftpW));
  }

  async get(userId: string, id: string): Promise<WorkoutResponse> {
    const row = await this.deps.repo.workout(userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.present(row, await this.ftpW(userId));
  }

  async library(userId: string) {
    const ftpW = await this.ftpW(userId);
    return WORKOUT_LIBRARY.map((w) => presentLibraryWorkout(w, ftpW));
  }

  /** Stores a workout the analysis validation accepts; watt targets are checked against the FTP when known. */
  async create(userId: string, input: WorkoutInput): Promise<WorkoutResponse> {
    const workout = workoutOf(input as { structure?: Workout; text?: string });
    const ftpW = await this.ftpW(userId);
    assertValidWorkout(workout, ftpW, false);
    const row = await this.deps.repo.createWorkout(
      userId,
      { name: input.name, description: input.description, purpose: input.purpose, structure: workout },
      this.deps.now(),
    );
    return this.present(row, ftpW);
  }

  async update(userId: string, id: string, input: WorkoutUpdate): Promise<WorkoutResponse> {
    if (!(await this.deps.repo.workout(userId, id))) throw new AppError('NOT_FOUND');
    const ftpW = await this.ftpW(userId);
    const changesSteps = input.structure !== undefined || input.text !== undefined;
    const workout = changesSteps ? workoutOf(input as { structure?: Workout; text?: string }) : undefined;
    if (workout) assertValidWorkout(workout, ftpW, false);
    const row = await this.deps.repo.updateWorkout(
      userId,
      id,
      {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.purpose === undefined ? {} : { purpose: input.purpose }),
        ...(workout === undefined ? {} : { structure: workout }),
      },
      this.deps.now(),
    );
    if (!row) throw new AppError('NOT_FOUND');
    return this.present(row, ftpW);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.deleteWorkout(userId, id))) throw new AppError('NOT_FOUND');
  }

  /**
   * A workout as a file: the rider's own (`id` a UUID) or the library's (`id` a library id). The file
   * writers' refusals (a heart-rate step in ERG, a free ride in MRC, watts without FTP…) are a 422
   * with the writer's code.
   */
  async exportFile(
    userId: string,
    ref: { source: 'own' | 'library'; id: string; tss?: number },
    format: WorkoutFileFormat,
    heartRateAsPower: boolean,
  ) {
    let workout: Workout;
    let name: string;
    let description: string | undefined;
    if (ref.source === 'library') {
      const w = libraryWorkout(ref.id);
      if (!w) throw new AppError('NOT_FOUND');
      // As a plan day shows it: resized to the day's TSS (analysis fitWorkoutToTss).
      workout =
        (ref.tss === undefined ? undefined : fitWorkoutToTss(w.workout, ref.tss)?.workout) ?? w.workout;
      name = w.id;
    } else {
      const row = await this.deps.repo.workout(userId, ref.id);
      if (!row) throw new AppError('NOT_FOUND');
      workout = row.structure as Workout;
      name = row.name;
      description = row.description ?? undefined;
    }
    const ftpW = await this.ftpW(userId);
    try {
      const file = exportWorkout(workout, format, {
        name,
        ...(description === undefined ? {} : { description }),
        ...(ftpW === undefined ? {} : { ftpW }),
        heartRateAsPower,
        createdAt: this.deps.now(),
      });
      const body = file.format === 'fit' ? Buffer.from(file.bytes) : file.text;
      return { body, mimeType: file.mimeType, fileName: `${safeFileName(name)}.${file.fileExtension}` };
    } catch (error) {
      if (!isWorkoutExportError(error)) throw error;
      if (error.code === 'FTP_REQUIRED') throw new AppError('FTP_REQUIRED');
      throw new AppError('WORKOUT_EXPORT_UNSUPPORTED', undefined, {
        fields: { format: `export_${error.code.toLowerCase()}` },
        export_error: { code: error.code, format: error.format, path: [...error.path] },
      });
    }
  }
}

/** A name safe in a Content-Disposition filename and on any file system. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w .-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return cleaned === '' ? 'workout' : cleaned;
}
