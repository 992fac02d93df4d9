// Calls for bike fitting (docs/API.md, "Bike fitting"): measurements, positions, sessions, photos.
import type {
  BikePositionInput,
  BodyMeasurementInput,
  FittingPhotoUpdateInput,
  FittingSessionInput,
} from '@vatio/schemas';
import { type ApiErrorBody, ApiError, api, readTokens } from './client';

export type {
  BikePositionResponse as BikePosition,
  BodyMeasurementResponse as BodyMeasurement,
  FittingPhotoResponse as FittingPhoto,
  FittingSessionResponse as FittingSession,
} from '@vatio/schemas';
import type {
  BikePositionResponse,
  BodyMeasurementResponse,
  FittingPhotoResponse,
  FittingSessionResponse,
} from '@vatio/schemas';

const id = (value: string) => encodeURIComponent(value);

export const listMeasurements = () => api<BodyMeasurementResponse[]>('/fitting/measurements');
export const createMeasurement = (input: BodyMeasurementInput) =>
  api<BodyMeasurementResponse>('/fitting/measurements', { method: 'POST', body: input });
export const updateMeasurement = (measurementId: string, input: BodyMeasurementInput) =>
  api<BodyMeasurementResponse>(`/fitting/measurements/${id(measurementId)}`, { method: 'PUT', body: input });
export const deleteMeasurement = (measurementId: string) =>
  api<void>(`/fitting/measurements/${id(measurementId)}`, { method: 'DELETE' });

export const listPositions = () => api<BikePositionResponse[]>('/fitting/positions');
export const createPosition = (input: BikePositionInput) =>
  api<BikePositionResponse>('/fitting/positions', { method: 'POST', body: input });
export const updatePosition = (positionId: string, input: BikePositionInput) =>
  api<BikePositionResponse>(`/fitting/positions/${id(positionId)}`, { method: 'PUT', body: input });
export const activatePosition = (positionId: string) =>
  api<BikePositionResponse>(`/fitting/positions/${id(positionId)}/activate`, { method: 'POST' });
export const deletePosition = (positionId: string) =>
  api<void>(`/fitting/positions/${id(positionId)}`, { method: 'DELETE' });

export const listSessions = () => api<FittingSessionResponse[]>('/fitting/sessions');
export const createSession = (input: FittingSessionInput) =>
  api<FittingSessionResponse>('/fitting/sessions', { method: 'POST', body: input });
export const updateSession = (sessionId: string, input: FittingSessionInput) =>
  api<FittingSessionResponse>(`/fitting/sessions/${id(sessionId)}`, { method: 'PUT', body: input });
export const deleteSession = (sessionId: string) =>
  api<void>(`/fitting/sessions/${id(sessionId)}`, { method: 'DELETE' });

export const listPhotos = () => api<FittingPhotoResponse[]>('/fitting/photos');
export const savePhotoAnalysis = (photoId: string, input: FittingPhotoUpdateInput) =>
  api<FittingPhotoResponse>(`/fitting/photos/${id(photoId)}`, { method: 'PUT', body: input });
export const deletePhoto = (photoId: string) =>
  api<void>(`/fitting/photos/${id(photoId)}`, { method: 'DELETE' });

/** A bearer-authorised fetch; an expired token is refreshed once through the ordinary client. */
async function authorisedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const send = () => {
    const tokens = readTokens();
    const headers = new Headers(init.headers);
    if (tokens) headers.set('authorization', `Bearer ${tokens.access_token}`);
    return fetch(`/api${path}`, { ...init, headers });
  };
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && readTokens()) {
      await listPhotos(); // any signed-in call refreshes the tokens (or signs the rider out)
      response = await send();
    }
  } catch (error) {
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const err = ((await response.json().catch(() => null)) as ApiErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      err?.code ?? 'UNKNOWN',
      err?.message ?? response.statusText,
      undefined,
      err?.fields,
    );
  }
  return response;
}

/** Uploads one side photo (multipart part `file`); the server checks its bytes. */
export async function uploadFittingPhoto(file: File): Promise<FittingPhotoResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await authorisedFetch('/fitting/photos', { method: 'POST', body: form });
  return (await response.json()) as FittingPhotoResponse;
}

/** The photo's bytes (private: an <img> cannot send the bearer token, so it shows an object URL). */
export async function fetchPhotoImage(photo: Pick<FittingPhotoResponse, 'image_url'>): Promise<Blob> {
  const response = await authorisedFetch(photo.image_url.replace(/^\/api/, ''));
  return response.blob();
}
