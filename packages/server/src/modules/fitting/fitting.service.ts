import { type FitPoints, jointAngles } from '@vatio/analysis';
import type {
  BikePositionValues as BikePositionInput,
  BodyMeasurementValues as BodyMeasurementInput,
  FitPointsInput,
  FittingSessionValues as FittingSessionInput,
} from '@vatio/schemas';
import { FIT_PHOTO_MAX_BYTES, FITTING_BOUNDS, type FittingBoundName } from '@vatio/schemas';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type {
  BikePositionRow,
  BodyMeasurementRow,
  FittingPhotoRow,
  FittingRepository,
  FittingSessionRow,
} from './fitting.repository.ts';
import { detectPhotoType } from './photo-type.ts';

/** Whether any row (a ride file, a stream, a pending upload, a photo) still needs a blob. */
export type BlobInUse = (key: string) => Promise<boolean>;

/**
 * Bike fitting (issue 15): decides what is stored (bikes the rider owns, one active position per
 * bike, photos that are really images), measures the angles on a photo with the analysis package,
 * and sweeps a photo's blob when nothing needs it any more.
 */
export class FittingService {
  private readonly repo: FittingRepository;
  private readonly blobs: BlobStore;
  private readonly blobInUse: BlobInUse;
  private readonly now: () => Date;

  constructor(deps: { repo: FittingRepository; blobs: BlobStore; blobInUse: BlobInUse; now: () => Date }) {
    this.repo = deps.repo;
    this.blobs = deps.blobs;
    this.blobInUse = deps.blobInUse;
    this.now = deps.now;
  }

  measurements(userId: string) {
    return this.repo.listMeasurements(userId);
  }
  addMeasurement(userId: string, values: BodyMeasurementInput): Promise<BodyMeasurementRow> {
    return this.repo.createMeasurement(userId, values, this.now());
  }
  async changeMeasurement(userId: string, id: string, values: BodyMeasurementInput) {
    const row = await this.repo.updateMeasurement(userId, id, values, this.now());
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
  async removeMeasurement(userId: string, id: string) {
    if (!(await this.repo.deleteMeasurement(userId, id))) throw new AppError('NOT_FOUND');
  }

  positions(userId: string, bikeId?: string) {
    return this.repo.listPositions(userId, bikeId);
  }
  async position(userId: string, id: string): Promise<BikePositionRow> {
    const row = await this.repo.findPosition(userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Another rider's bike is refused like a missing one, in the field, never named as someone's. */
  private async checkBike(userId: string, bikeId: string) {
    if (!(await this.repo.ownsBike(userId, bikeId)))
      throw new AppError('VALIDATION', 'Choose one of your bikes', {
        fields: { bike_id: 'fit_bike_required' },
      });
  }

  async addPosition(userId: string, input: BikePositionInput): Promise<BikePositionRow> {
    const { is_active, ...values } = input;
    await this.checkBike(userId, values.bike_id);
    return this.repo.createPosition(userId, values, is_active === true, this.now());
  }
  async changePosition(userId: string, id: string, input: BikePositionInput): Promise<BikePositionRow> {
    const { is_active, ...values } = input;
    if (!(await this.repo.findPosition(userId, id))) throw new AppError('NOT_FOUND');
    await this.checkBike(userId, values.bike_id);
    const row = await this.repo.updatePosition(userId, id, values, is_active, this.now());
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
  async activatePosition(userId: string, id: string): Promise<BikePositionRow> {
    const row = await this.repo.updatePosition(userId, id, {}, true, this.now());
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
  async removePosition(userId: string, id: string) {
    if (!(await this.repo.deletePosition(userId, id))) throw new AppError('NOT_FOUND');
  }

  sessions(userId: string) {
    return this.repo.listSessions(userId);
  }
  async addSession(userId: string, values: FittingSessionInput): Promise<FittingSessionRow> {
    if (values.bike_id) await this.checkBike(userId, values.bike_id);
    return this.repo.createSession(userId, values, this.now());
  }
  async changeSession(userId: string, id: string, values: FittingSessionInput): Promise<FittingSessionRow> {
    if (values.bike_id) await this.checkBike(userId, values.bike_id);
    const row = await this.repo.updateSession(userId, id, values, this.now());
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
  async removeSession(userId: string, id: string) {
    if (!(await this.repo.deleteSession(userId, id))) throw new AppError('NOT_FOUND');
  }

  photos(userId: string) {
    return this.repo.listPhotos(userId);
  }
  async photo(userId: string, id: string): Promise<FittingPhotoRow> {
    const row = await this.repo.findPhoto(userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * Stores a side photo: JPEG, PNG or WebP by its magic bytes, at most FIT_PHOTO_MAX_BYTES. The
   * blob is written (fsynced, renamed) before the row points to it.
   */
  async addPhoto(userId: string, bytes: Buffer | null, fileName: string | null): Promise<FittingPhotoRow> {
    if (bytes === null)
      throw new AppError('VALIDATION', 'The photo is larger than 8 MB', {
        fields: { file: 'photo_too_large' },
      });
    const contentType = detectPhotoType(bytes);
    if (!contentType)
      throw new AppError('VALIDATION', 'Send a JPEG, PNG or WebP image', {
        fields: { file: 'photo_type_invalid' },
      });
    if (bytes.length > FIT_PHOTO_MAX_BYTES)
      throw new AppError('VALIDATION', 'The photo is larger than 8 MB', {
        fields: { file: 'photo_too_large' },
      });
    const blobKey = await this.blobs.put(bytes);
    return this.repo.createPhoto(
      userId,
      {
        blob_key: blobKey,
        content_type: contentType,
        size_bytes: bytes.length,
        file_name: fileName ? fileName.slice(0, 200) : null,
      },
      this.now(),
    );
  }

  async photoBytes(userId: string, id: string): Promise<{ row: FittingPhotoRow; bytes: Buffer }> {
    const row = await this.photo(userId, id);
    return { row, bytes: await this.blobs.get(row.blob_key) };
  }

  /**
   * Measures the joint angles on the marked points (packages/analysis fitting/joint-angles.ts) and
   * stores both; with a position, its joint angles are filled from them (knee flexion as the
   * bottom-of-stroke angle, the photo being taken with the crank at six o'clock).
   */
  async analysePhoto(
    userId: string,
    id: string,
    input: { points: FitPointsInput; position_id: string | null; notes: string | null },
  ): Promise<FittingPhotoRow> {
    await this.photo(userId, id);
    if (input.position_id && !(await this.repo.findPosition(userId, input.position_id)))
      throw new AppError('VALIDATION', 'This value is not valid', { fields: { position_id: 'invalid' } });
    const points = Object.fromEntries(
      Object.entries(input.points).filter((entry): entry is [string, { x: number; y: number }] =>
        Boolean(entry[1]),
      ),
    );
    const angles = jointAngles(points as FitPoints);
    const positionAngles = input.position_id
      ? Object.fromEntries(
          Object.entries({
            knee_angle_min_deg: angles.knee_flexion_deg,
            hip_angle_deg: angles.hip_angle_deg,
            back_angle_deg: angles.back_angle_deg,
            shoulder_angle_deg: angles.shoulder_angle_deg,
            elbow_angle_deg: angles.elbow_angle_deg,
          }).filter(([name, v]) => {
            // A mark that gives an angle outside the position's physical range is kept on the photo only.
            const [min, max] = FITTING_BOUNDS[name as FittingBoundName];
            return v !== null && v >= min && v <= max;
          }),
        )
      : null;
    const row = await this.repo.savePhotoAnalysis(
      userId,
      id,
      { points, angles: { ...angles }, position_id: input.position_id, notes: input.notes, positionAngles },
      this.now(),
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async removePhoto(userId: string, id: string) {
    const key = await this.repo.deletePhoto(userId, id);
    if (!key) throw new AppError('NOT_FOUND');
    if (!(await this.blobInUse(key))) await this.blobs.delete(key);
  }
}
