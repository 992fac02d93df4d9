// Calls for import, activities and athlete settings (docs/API.md), through the client generated from
// the routes' contracts (issue 27).
import { type ApiErrorBody, ApiError, hasSession, readTokens } from './client';
import type { UploadResult } from './activity-types';
import { deleteActivitiesByid } from './generated/deleteActivitiesByid';
import { getActivities } from './generated/getActivities';
import { getActivitiesByid } from './generated/getActivitiesByid';
import { getActivitiesByidAnalysis } from './generated/getActivitiesByidAnalysis';
import { getActivitiesByidStreams } from './generated/getActivitiesByidStreams';
import { getActivitiesSearch } from './generated/getActivitiesSearch';
import { postActivitiesByidAeroFit } from './generated/postActivitiesByidAeroFit';
import { postActivitiesByidAnalyze } from './generated/postActivitiesByidAnalyze';
import { putActivitiesByid } from './generated/putActivitiesByid';
import { deleteAthleteSettingsByid } from './generated/deleteAthleteSettingsByid';
import { getAthleteSettings } from './generated/getAthleteSettings';
import { getReanalysis as getReanalysisRoute } from './generated/getReanalysis';
import { postAthleteSettings } from './generated/postAthleteSettings';
import { patchBikesByid } from './generated/patchBikesByid';
import { deleteImportsByid } from './generated/deleteImportsByid';
import { getImports } from './generated/getImports';
import { getImportsByid } from './generated/getImportsByid';
import { getStorage } from './generated/getStorage';
import { postActivitiesUploadUrl } from './generated/postActivitiesUpload';
import type { InputOf } from './generated/route';

/** GET /api/activities' filters, sort and page, as its contract takes them. */
export type ActivityQuery = NonNullable<InputOf<typeof getActivities>['query']>;

export const listActivities = (params: ActivityQuery = {}) => getActivities({ query: params });
export const searchActivities = (q: string, limit = 20) => getActivitiesSearch({ query: { q, limit } });
export const getActivity = (id: string) => getActivitiesByid({ params: { id } });
export const getActivityStreams = (id: string) => getActivitiesByidStreams({ params: { id } });
export const getActivityAnalysis = (id: string) => getActivitiesByidAnalysis({ params: { id } });
export const updateActivity = (id: string, update: InputOf<typeof putActivitiesByid>['body']) =>
  putActivitiesByid({ params: { id }, body: update });
export const deleteActivity = (id: string) => deleteActivitiesByid({ params: { id } });
export const reanalyzeActivity = (id: string) => postActivitiesByidAnalyze({ params: { id } });

/** The aero lab (POST /api/activities/:id/aero-fit, docs/API.md). */
export const postAeroFit = (id: string, body: InputOf<typeof postActivitiesByidAeroFit>['body']) =>
  postActivitiesByidAeroFit({ params: { id }, body });
/** Saves the aero lab's CdA and Crr to a bike (PATCH: only these fields change). */
export const saveBikeAero = (
  bikeId: string,
  body: { cda_m2: number; crr: number; aero_activity_id: string },
) => patchBikesByid({ params: { id: bikeId }, body });

export const getImport = (id: string) => getImportsByid({ params: { id } });
export const listImports = (limit = 10) => getImports({ query: { limit } });
/** Deletes a finished import and its file list; the rides it stored stay (issue 28). */
export const deleteImport = (id: string) => deleteImportsByid({ params: { id } });
/** The bytes the rider stores against the server's per-rider quota. */
export const getStorageUsage = () => getStorage();

export const listAthleteSettings = () => getAthleteSettings();
export const createAthleteSettings = (input: InputOf<typeof postAthleteSettings>['body']) =>
  postAthleteSettings({ body: input });
export const deleteAthleteSettings = (id: string) => deleteAthleteSettingsByid({ params: { id } });
export const getReanalysis = () => getReanalysisRoute();

/** Extensions the upload accepts (the server decides in the end; this only guides the picker). */
export const UPLOAD_ACCEPT = '.fit,.fit.gz,.tcx,.tcx.gz,.gpx,.gpx.gz,.zip';

function sendUpload(files: File[], onProgress?: (fraction: number) => void): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', postActivitiesUploadUrl());
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
