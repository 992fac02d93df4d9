// GET /api/imports and /api/imports/:id: an upload of three files, one of them failed, checked by the schemas.
import {
  type ImportDetailResponse,
  type ImportListResponse,
  importDetailResponseSchema,
  importListResponseSchema,
} from '@vatio/schemas';

const summary = {
  id: 'i-1',
  source: 'upload',
  status: 'done',
  created_at: '2026-11-29T08:00:00.000Z',
  updated_at: '2026-11-29T08:01:00.000Z',
  counts: { total: 3, queued: 0, processing: 0, done: 2, recovered: 0, duplicate: 0, failed: 1 },
};

export const oneImport: ImportListResponse = importListResponseSchema.parse({ imports: [summary] });
export const noImports: ImportListResponse = importListResponseSchema.parse({ imports: [] });

export const importDone: ImportDetailResponse = importDetailResponseSchema.parse({
  ...summary,
  files: [
    { id: 'f-1', name: 'sierra.fit', status: 'done', message: null, message_code: null, activity_id: 'a-1' },
    { id: 'f-2', name: 'coast.fit', status: 'done', message: null, message_code: null, activity_id: 'a-2' },
    {
      id: 'f-3',
      name: 'notes.txt',
      status: 'failed',
      message: 'Unsupported file type',
      message_code: 'UNSUPPORTED_FORMAT',
      activity_id: null,
    },
  ],
});
