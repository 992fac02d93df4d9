// Calls for bike fitting (docs/API.md, "Bike fitting"): measurements, positions, sessions, photos,
// through the client generated from the routes' contracts (issue 27).
import type { FittingPhotoResponse } from '@vatio/schemas';
import { type ApiErrorBody, ApiError, readTokens } from './client';
import { deleteFittingMeasurementsByid } from './generated/deleteFittingMeasurementsByid';
import { deleteFittingPhotosByid } from './generated/deleteFittingPhotosByid';
import { deleteFittingPositionsByid } from './generated/deleteFittingPositionsByid';
import { deleteFittingSessionsByid } from './generated/deleteFittingSessionsByid';
import { getFittingMeasurements } from './generated/getFittingMeasurements';
import { getFittingPhotos } from './generated/getFittingPhotos';
import { getFittingPositions } from './generated/getFittingPositions';
import { getFittingSessions } from './generated/getFittingSessions';
import { postFittingMeasurements } from './generated/postFittingMeasurements';
import { postFittingPhotosUrl } from './generated/postFittingPhotos';
import { postFittingPositions } from './generated/postFittingPositions';
import { postFittingPositionsByidActivate } from './generated/postFittingPositionsByidActivate';
import { postFittingSessions } from './generated/postFittingSessions';
import { putFittingMeasurementsByid } from './generated/putFittingMeasurementsByid';
import { putFittingPhotosByid } from './generated/putFittingPhotosByid';
import { putFittingPositionsByid } from './generated/putFittingPositionsByid';
import { putFittingSessionsByid } from './generated/putFittingSessionsByid';
import type { InputOf } from './generated/route';

export type {
  BikePositionResponse as BikePosition,
  BodyMeasurementResponse as BodyMeasurement,
  FittingPhotoResponse as FittingPhoto,
  FittingSessionResponse as FittingSession,
} from '@vatio/schemas';

type MeasurementBody = InputOf<typeof postFittingMeasurements>['body'];
type PositionBody = InputOf<typeof postFittingPositions>['body'];
type SessionBody = InputOf<typeof postFittingSessions>['body'];

export const listMeasurements = () => getFittingMeasurements();
export const createMeasurement = (input: MeasurementBody) => postFittingMeasurements({ body: input });
export const updateMeasurement = (id: string, input: MeasurementBody) =>
  putFittingMeasurementsByid({ params: { id }, body: input });
export const deleteMeasurement = (id: string) => deleteFittingMeasurementsByid({ params: { id } });

export const listPositions = () => getFittingPositions();
export const createPosition = (input: PositionBody) => postFittingPositions({ body: input });
export const updatePosition = (id: string, input: PositionBody) =>
  putFittingPositionsByid({ params: { id }, body: input });
export const activatePosition = (id: string) => postFittingPositionsByidActivate({ params: { id } });
export const deletePosition = (id: string) => deleteFittingPositionsByid({ params: { id } });

export const listSessions = () => getFittingSessions();
export const createSession = (input: SessionBody) => postFittingSessions({ body: input });
export const updateSession = (id: string, input: SessionBody) =>
  putFittingSessionsByid({ params: { id }, body: input });
export const deleteSession = (id: string) => deleteFittingSessionsByid({ params: { id } });

export const listPhotos = () => getFittingPhotos();
export const savePhotoAnalysis = (id: string, input: InputOf<typeof putFittingPhotosByid>['body']) =>
  putFittingPhotosByid({ params: { id }, body: input });
export const deletePhoto = (id: string) => deleteFittingPhotosByid({ params: { id } });

/** A bearer-authorised fetch; an expired token is refreshed once through the ordinary client. */
async function authorisedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const send = () => {
    const tokens = readTokens();
    const headers = new Headers(init.headers);
    if (tokens) headers.set('authorization', `Bearer ${tokens.access_token}`);
    return fetch(url, { ...init, headers });
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
  const response = await authorisedFetch(postFittingPhotosUrl(), { method: 'POST', body: form });
  return (await response.json()) as FittingPhotoResponse;
}

/** The photo's bytes (private: an <img> cannot send the bearer token, so it shows an object URL). */
export async function fetchPhotoImage(photo: Pick<FittingPhotoResponse, 'image_url'>): Promise<Blob> {
  const response = await authorisedFetch(photo.image_url);
  return response.blob();
}
