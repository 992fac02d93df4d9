// Strava connection, imports and the sync status record (docs/API.md, "Strava").
import type { StravaSyncAction } from '@vatio/schemas';
import { deleteStravaConnection } from './generated/deleteStravaConnection';
import { getStravaActivities } from './generated/getStravaActivities';
import { getStravaConnection as getStravaConnectionRoute } from './generated/getStravaConnection';
import { getSyncStatus as getSyncStatusRoute } from './generated/getSyncStatus';
import { postStravaActivitiesImport } from './generated/postStravaActivitiesImport';
import { postStravaActivitiesRefresh } from './generated/postStravaActivitiesRefresh';
import { postStravaConnect } from './generated/postStravaConnect';
import { postStravaSync } from './generated/postStravaSync';

// The answers' shapes are @vatio/schemas' (the server's contracts check them), under the web's names.
export type {
  StravaConnectionResponse as StravaConnection,
  StravaListActivityResponse as StravaListActivity,
  SyncPauseReason as PauseReason,
  SyncState,
  SyncStatusResponse as SyncStatus,
} from '@vatio/schemas';

export const getStravaConnection = () => getStravaConnectionRoute();
export const startStravaConnect = (returnTo: string) => postStravaConnect({ body: { return_to: returnTo } });
export const disconnectStrava = () => deleteStravaConnection();
export const getSyncStatus = () => getSyncStatusRoute();
export const startStravaSync = (action: StravaSyncAction) => postStravaSync({ body: { action } });
export const listStravaActivities = () => getStravaActivities();
export const refreshStravaList = (days: number) => postStravaActivitiesRefresh({ body: { days } });
export const importStravaActivities = (ids: number[]) =>
  postStravaActivitiesImport({ body: { strava_ids: ids } });
