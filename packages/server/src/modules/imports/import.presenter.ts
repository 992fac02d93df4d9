import type {
  ImportDetailResponse,
  ImportFileResponse,
  ImportListResponse,
  ImportSummaryResponse,
  UploadResponse,
} from '@vatio/schemas';
import type { ImportCounts, ImportFileRow, ImportRow } from './import.repository.ts';

// Import rows as JSON (docs/API.md "Import"), typed by the response schemas the route contracts
// declare, so a field changed here and not in @vatio/schemas fails typecheck.

/**
 * An import with its files counted by status: `done` once none is queued or processing and its
 * rider's batch pass after them has ended (issue 28: nothing it stored changes after `done`).
 */
export function presentImport(row: ImportRow, counts: ImportCounts): ImportSummaryResponse {
  const filesBusy = counts.queued + counts.processing > 0;
  const busy = filesBusy || row.batch_pass_pending;
  return {
    id: row.id,
    source: row.source,
    status: busy
      ? counts.processing > 0 ||
        counts.done + counts.recovered + counts.duplicate + counts.failed > 0 ||
        !filesBusy
        ? 'processing'
        : 'queued'
      : 'done',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    counts,
  };
}

export const presentFile = (f: ImportFileRow): ImportFileResponse => ({
  id: f.id,
  name: f.name,
  status: f.status,
  message: f.message,
  message_code: f.message_code,
  activity_id: f.activity_id,
});

/** GET /api/imports/:id: the counts come from the same read as the files (see the route). */
export const presentImportDetail = (
  row: ImportRow,
  counts: ImportCounts,
  files: readonly ImportFileRow[],
): ImportDetailResponse => ({ ...presentImport(row, counts), files: files.map(presentFile) });

/** GET /api/imports: each import with its files counted by status. */
export const presentImportList = (
  rows: readonly ImportRow[],
  counts: ReadonlyMap<string, ImportCounts>,
): ImportListResponse => ({ imports: rows.map((r) => presentImport(r, counts.get(r.id)!)) });

/** The 202 to an upload: the import and its files as just queued (or refused). */
export const presentUpload = (importRow: ImportRow, files: readonly ImportFileRow[]): UploadResponse => ({
  import_id: importRow.id,
  files: files.map((f) => ({
    id: f.id,
    name: f.name,
    status: f.status,
    message: f.message,
    message_code: f.message_code,
  })),
});
