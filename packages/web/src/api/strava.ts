// Strava connection, imports and the sync status record (docs/API.md, "Strava").
import type {
  StravaActivitiesResponse,
  StravaAuthorizeResponse,
  StravaConnectionResponse,
  StravaSyncAction,
  SyncStatusResponse,
} from '@vatio/schemas';
import { api } from './client';

// The answers' shapes are @vatio/schemas' (the server's contracts check them), under the web's names.
export type {
  StravaConnectionResponse as StravaConnection,
  StravaListActivityResponse as StravaListActivity,
  SyncPauseReason as PauseReason,
  SyncState,
  SyncStatusResponse as SyncStatus,
} from '@vatio/schemas';

export const getStravaConnection = () => api<StravaConnectionResponse>('/strava/connection');
export const startStravaConnect = (returnTo: string) =>
  api<StravaAuthorizeResponse>('/strava/connect', { method: 'POST', body: { return_to: returnTo } });
export const disconnectStrava = () => api<void>('/strava/connection', { method: 'DELETE' });
export const getSyncStatus = () => api<SyncStatusResponse | null>('/sync/status');
export const startStravaSync = (action: StravaSyncAction) =>
  api<SyncStatusResponse | null>('/strava/sync', { method: 'POST', body: { action } });
export const listStravaActivities = () => api<StravaActivitiesResponse>('/strava/activities');
export const refreshStravaList = (days: number) =>
  api<SyncStatusResponse | null>('/strava/activities/refresh', { method: 'POST', body: { days } });
export const importStravaActivities = (ids: number[]) =>
  api<SyncStatusResponse | null>('/strava/activities/import', { method: 'POST', body: { strava_ids: ids } });
