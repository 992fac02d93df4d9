// Shapes of the import, activity and athlete-settings answers (docs/API.md, snake_case).
// The import and activity answers are the server's response schemas (@vatio/schemas), under the names
// the screens already use. Types only: importing the schemas' values would pull zod into the bundle.
import type { ActivityAnalysisResponse, UploadResponse } from '@vatio/schemas';

export const ACTIVITY_TYPES = ['Ride', 'VirtualRide', 'GravelRide', 'MountainBikeRide', 'EBikeRide'] as const;

export type {
  ActivityAnalysisResponse as ActivityAnalysis,
  ActivityDetailResponse as ActivityDetail,
  ActivityPageResponse as ActivityPage,
  ActivityResponse as Activity,
  ActivitySearchResponse as ActivitySearchResult,
  ActivityStreamsResponse as ActivityStreamsJson,
  FtpSource,
  ImportCountsResponse as ImportCounts,
  ImportDetailResponse as ImportDetail,
  ImportFileStatus,
  ImportListResponse as ImportList,
  ImportStatus,
  LapResponse as Lap,
  UploadResponse as UploadResult,
} from '@vatio/schemas';

/**
 * A file as the import screens show it: from the upload's answer (no `activity_id` yet) or from
 * GET /api/imports/:id.
 */
export type ImportFile = UploadResponse['files'][number] & { activity_id?: string | null };

export type PowerZone = ActivityAnalysisResponse['zones']['power'][number];
export type HeartRateZone = ActivityAnalysisResponse['zones']['heart_rate'][number];
export type Climb = ActivityAnalysisResponse['climbs'][number];
export type CurvePoint = ActivityAnalysisResponse['power_curve'][number];

/** PUT /api/activities/:id (the server checks it with `activityUpdateSchema`). */
export interface ActivityUpdate {
  name?: string;
  type?: string;
  bike_id?: string | null;
  notes?: string | null;
}

/** POST /api/athlete-settings answers the entry and how many rides are being re-analysed. */
export interface AthleteSettingsSaved extends AthleteSettingsEntry {
  reanalysis: { rides: number };
}

export interface AthleteSettingsEntry {
  id: string;
  effective_from: string;
  ftp_w: number | null;
  weight_kg: number | null;
  max_hr_bpm: number | null;
  lthr_bpm: number | null;
}

export interface AthleteSettingsInput {
  effective_from: string;
  ftp_w?: number | null;
  weight_kg?: number | null;
  max_hr_bpm?: number | null;
  lthr_bpm?: number | null;
}

export interface ReanalysisStatus {
  status: 'idle' | 'running';
  /** Rides still waiting for their re-analysis. */
  remaining?: number;
  /** Older shape of the contract: rides of the current batch and how many are finished. */
  total?: number;
  done?: number;
}
