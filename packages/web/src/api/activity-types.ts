// Shapes of the import, activity and athlete-settings answers (docs/API.md, snake_case).
// The import and activity answers are the server's response schemas (@vatio/schemas), under the names
// the screens already use. Types only: importing the schemas' values would pull zod into the bundle.
import type { ActivityAnalysisResponse, UploadResponse } from '@vatio/schemas';

// The ride types the server accepts (activityUpdateSchema), from the schemas: a constant, no zod.
export { ACTIVITY_TYPES } from '@vatio/schemas';

export type {
  ActivityAnalysisResponse as ActivityAnalysis,
  ActivityDetailResponse as ActivityDetail,
  ActivityPageResponse as ActivityPage,
  ActivityResponse as Activity,
  ActivityStreamsResponse as ActivityStreamsJson,
  AthleteSettingsEntry,
  AthleteSettingsInput,
  ReanalysisStatus,
  FtpSource,
  ImportDetailResponse as ImportDetail,
  ImportFileStatus,
  ImportListResponse as ImportList,
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
