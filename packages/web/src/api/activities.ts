// Calls for import, activities and athlete settings (docs/API.md).
import { type ApiErrorBody, ApiError, api, hasSession, readTokens } from './client';
import type {
  Activity,
  ActivityAnalysis,
  ActivityDetail,
  ActivityPage,
  ActivitySearchResult,
  ActivityStreamsJson,
  ActivityUpdate,
  AthleteSettingsEntry,
  AthleteSettingsSaved,
  AthleteSettingsInput,
  ImportDetail,
  ImportList,
  ReanalysisStatus,
  UploadResult,
} from './activity-types';
import type { AeroFitRequest, AeroFitResponse, StorageUsageResponse } from '@vatio/schemas';
import type { Bike } from './types';

export interface ActivityQuery {
  limit?: number;
  offset?: number;
  activity_type?: string;
  start_date?: string;
  end_date?: string;
  sort?: 'date' | 'distance' | 'duration' | 'elevation' | 'tss' | 'np' | 'power';
  order?: 'asc' | 'desc';
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const listActivities = (params: ActivityQuery = {}) =>
  api<ActivityPage>(`/activities${query({ ...params })}`);
export const searchActivities = (q: string, limit = 20) =>
  api<ActivitySearchResult>(`/activities/search${query({ q, limit })}`);
export const getActivity = (id: string) => api<ActivityDetail>(`/activities/${encodeURIComponent(id)}`);
export const getActivityStreams = (id: string) =>
  api<ActivityStreamsJson>(`/activities/${encodeURIComponent(id)}/streams`);
export const getActivityAnalysis = (id: string) =>
  api<ActivityAnalysis>(`/activities/${encodeURIComponent(id)}/analysis`);
export const updateActivity = (id: string, update: ActivityUpdate) =>
  api<Activity>(`/activities/${encodeURIComponent(id)}`, { method: 'PUT', body: update });
export const deleteActivity = (id: string) =>
  api<void>(`/activities/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const reanalyzeActivity = (id: string) =>
  api<{ status: 'queued' }>(`/activities/${encodeURIComponent(id)}/analyze`, { method: 'POST' });

/** The aero lab (POST /api/activities/:id/aero-fit, docs/API.md). */
export const postAeroFit = (id: string, body: AeroFitRequest) =>
  api<AeroFitResponse>(`/activities/${encodeURIComponent(id)}/aero-fit`, { method: 'POST', body });
/** Saves the aero lab's CdA and Crr to a bike (PATCH: only these fields change). */
export const saveBikeAero = (
  bikeId: string,
  body: { cda_m2: number; crr: number; aero_activity_id: string },
) => api<Bike>(`/bikes/${encodeURIComponent(bikeId)}`, { method: 'PATCH', body });

export const getImport = (id: string) => api<ImportDetail>(`/imports/${encodeURIComponent(id)}`);
export const listImports = (limit = 10) => api<ImportList>(`/imports${query({ limit })}`);
/** Deletes a finished import and its file list; the rides it stored stay (issue 28). */
export const deleteImport = (id: string) =>
  api<void>(`/imports/${encodeURIComponent(id)}`, { method: 'DELETE' });
/** The bytes the rider stores against the server's per-rider quota. */
export const getStorageUsage = () => api<StorageUsageResponse>('/storage');

export const listAthleteSettings = () => api<{ history: AthleteSettingsEntry[] }>('/athlete-settings');
export const createAthleteSettings = (input: AthleteSettingsInput) =>
  api<AthleteSettingsSaved>('/athlete-settings', { method: 'POST', body: input });
export const deleteAthleteSettings = (id: string) =>
  api<void>(`/athlete-settings/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const getReanalysis = () => api<ReanalysisStatus>('/reanalysis');

/** Extensions the upload accepts (the server decides in the end; this only guides the picker). */
export const UPLOAD_ACCEPT = '.fit,.fit.gz,.tcx,.tcx.gz,.gpx,.gpx.gz,.zip';

function sendUpload(files: File[], onProgress?: (fraction: number) => void): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/activities/upload');
    const tokens = readTokens();
    if (tokens) xhr.setRequestHeader('authorization', `Bearer ${tokens.access_token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, 'NETWORK', 'Upload aborted'));
    xhr.send(form);
  });
}

/**
 * Uploads one or many ride files (multipart, parts named `file`) with byte-level progress.
 * An expired access token is refreshed once through the ordinary client, then the upload is retried.
 */
export async function uploadActivities(
  files: File[],
  onProgress?: (fraction: number) => void,
): Promise<UploadResult> {
  let xhr = await sendUpload(files, onProgress);
  if (xhr.status === 401 && hasSession()) {
    // Any signed-in call refreshes the tokens on a 401 (or signs the rider out when it cannot).
    await listImports(1);
    xhr = await sendUpload(files, onProgress);
  }
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = null;
  }
  if (xhr.status < 200 || xhr.status >= 300) {
    const err = (body as ApiErrorBody | null)?.error;
    throw new ApiError(
      xhr.status,
      err?.code ?? 'UNKNOWN',
      err?.message ?? xhr.statusText,
      err?.retry_after_s,
      err?.fields,
    );
  }
  return body as UploadResult;
}
