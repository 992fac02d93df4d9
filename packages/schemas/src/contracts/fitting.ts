import {
  bikePositionResponseSchema,
  bikePositionSchema,
  bodyMeasurementResponseSchema,
  bodyMeasurementSchema,
  fittingPhotoResponseSchema,
  fittingPhotoUpdateSchema,
  fittingSessionResponseSchema,
  fittingSessionSchema,
} from '../index.ts';
import { z } from 'zod';
import { defineContracts, idParams } from './contract.ts';

const tags = ['fitting'];

/** List, create, replace and delete for one kind of fitting record. */
function crud<
  const P extends string,
  B extends z.ZodType,
  R extends z.ZodType,
  Q extends z.ZodObject = z.ZodObject<Record<string, never>>,
>(path: P, noun: string, body: B, response: R, query?: Q) {
  return defineContracts([
    {
      method: 'GET',
      path,
      summary: `The rider's ${noun}s`,
      tags,
      auth: true,
      ...(query ? { query } : {}),
      response: { status: 200, schema: z.array(response) },
    },
    {
      method: 'POST',
      path,
      summary: `Add a ${noun}`,
      tags,
      auth: true,
      body,
      response: { status: 201, schema: response },
    },
    {
      method: 'PUT',
      path: `${path}/:id`,
      summary: `Replace a ${noun}`,
      tags,
      auth: true,
      params: idParams,
      body,
      response: { status: 200, schema: response },
    },
    {
      method: 'DELETE',
      path: `${path}/:id`,
      summary: `Delete a ${noun}`,
      tags,
      auth: true,
      params: idParams,
      response: { status: 204 },
    },
  ]);
}

export const fittingContracts = defineContracts([
  ...crud(
    '/api/fitting/measurements',
    'body measurement',
    bodyMeasurementSchema,
    bodyMeasurementResponseSchema,
  ),
  ...crud(
    '/api/fitting/positions',
    'bike position (a bike’s first is active; is_active: true makes it the bike’s one active position)',
    bikePositionSchema,
    bikePositionResponseSchema,
    z.object({ bike_id: z.string().optional().describe('only this bike’s positions (UUID)') }),
  ),
  {
    method: 'POST',
    path: '/api/fitting/positions/:id/activate',
    summary: 'Make a position its bike’s active one',
    tags,
    auth: true,
    params: idParams,
    response: { status: 200, schema: bikePositionResponseSchema },
  },
  ...crud('/api/fitting/sessions', 'fitting session', fittingSessionSchema, fittingSessionResponseSchema),
  {
    method: 'GET',
    path: '/api/fitting/photos',
    summary: "The rider's fitting photos (marked points and measured angles)",
    tags,
    auth: true,
    response: { status: 200, schema: z.array(fittingPhotoResponseSchema) },
  },
  {
    method: 'POST',
    path: '/api/fitting/photos',
    summary:
      'Upload a side photo (JPEG, PNG or WebP by its bytes, at most 8 MB) as a multipart part named "file"',
    tags,
    auth: true,
    body: 'multipart',
    response: { status: 201, schema: fittingPhotoResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/fitting/photos/:id/image',
    summary: 'The photo itself, to its owner only (Cache-Control: no-store)',
    tags,
    auth: true,
    params: idParams,
    response: {
      status: 200,
      contentType: 'image/*',
      description: 'The image bytes',
    },
  },
  {
    method: 'PUT',
    path: '/api/fitting/photos/:id',
    summary:
      'Save the marked joints: the server measures the angles, and fills the named position’s joint angles',
    tags,
    auth: true,
    params: idParams,
    body: fittingPhotoUpdateSchema,
    response: { status: 200, schema: fittingPhotoResponseSchema },
  },
  {
    method: 'DELETE',
    path: '/api/fitting/photos/:id',
    summary: 'Delete a photo (its file goes when nothing else needs it)',
    tags,
    auth: true,
    params: idParams,
    response: { status: 204 },
  },
]);
