import {
  importDetailResponseSchema,
  importListResponseSchema,
  storageUsageResponseSchema,
  uploadResponseSchema,
} from '../index.ts';
import { z } from 'zod';
import { defineContracts, idParams } from './contract.ts';

const tags = ['imports'];

/** GET /api/imports: the route parses its query with this (a `limit` that is not 1 to 50 is a 400). */
export const importListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10).describe('1 to 50, default 10'),
});

export const importContracts = defineContracts([
  {
    method: 'POST',
    path: '/api/activities/upload',
    summary: 'Upload ride files (FIT, TCX, GPX, their .gz, ZIP) as multipart parts named "file"',
    tags,
    auth: true,
    body: 'multipart',
    response: {
      status: 202,
      description: 'The import and its files, queued for analysis',
      schema: uploadResponseSchema,
    },
  },
  {
    method: 'GET',
    path: '/api/imports/:id',
    summary: 'One import with the status of each file (a demo import: the whole demo, all its batches)',
    tags,
    auth: true,
    params: idParams,
    response: { status: 200, schema: importDetailResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/imports',
    summary: "The rider's latest imports",
    tags,
    auth: true,
    query: importListQuery,
    response: { status: 200, schema: importListResponseSchema },
  },
  {
    method: 'DELETE',
    path: '/api/imports/:id',
    summary:
      'Delete a finished import and its file list (a failed one, say); the rides it stored stay. 409 IMPORT_RUNNING while a file is still being analysed; a read-scope key gets 403',
    tags,
    auth: true,
    params: idParams,
    response: { status: 204 },
  },
  {
    method: 'GET',
    path: '/api/storage',
    summary:
      "The bytes the rider stores against the server's per-rider quota (STORAGE_QUOTA_MB); an upload past it is 413 STORAGE_QUOTA_EXCEEDED",
    tags,
    auth: true,
    response: { status: 200, schema: storageUsageResponseSchema },
  },
]);
