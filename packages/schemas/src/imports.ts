import { z } from 'zod';

// Response bodies of the import routes (packages/server/src/modules/imports/import.presenter.ts):
// the upload's answer and an import's progress, file by file (docs/API.md "Import").

const isoTimestamp = z.string().describe('ISO 8601 UTC');

/** `recovered`: stored from a damaged file, of which only the first part could be read. */
export const IMPORT_FILE_STATUSES = [
  'queued',
  'processing',
  'done',
  'recovered',
  'duplicate',
  'failed',
] as const;
export type ImportFileStatus = (typeof IMPORT_FILE_STATUSES)[number];

/** `done` once no file is queued or processing. */
export const IMPORT_STATUSES = ['queued', 'processing', 'done'] as const;

const fileStatus = z
  .enum(IMPORT_FILE_STATUSES)
  .describe('recovered: stored from a damaged file, of which only the first part could be read');
const fileMessage = z
  .string()
  .nullable()
  .describe(
    "Why a file failed, was recovered or is a duplicate; in the rider's language for the codes that have one",
  );
const fileMessageCode = z
  .string()
  .nullable()
  .describe(
    'Stable code for the message (RECOVERED, DUPLICATE, DUPLICATE_DAMAGED, REPLACED_DAMAGED, or an error code)',
  );

export const importFileResponseSchema = z.object({
  id: z.string(),
  name: z.string().describe('The file name as uploaded (an archive entry: its path in the archive)'),
  status: fileStatus,
  message: fileMessage,
  message_code: fileMessageCode,
  activity_id: z
    .string()
    .nullable()
    .describe('The ride the file made (done, recovered) or already is (duplicate); null otherwise'),
});
export type ImportFileResponse = z.infer<typeof importFileResponseSchema>;

export const importCountsSchema = z
  .object({
    total: z.number(),
    queued: z.number(),
    processing: z.number(),
    done: z.number(),
    recovered: z.number(),
    duplicate: z.number(),
    failed: z.number(),
  })
  .describe("The import's files by status");

/** One import as GET /api/imports lists it. */
export const importSummaryResponseSchema = z.object({
  id: z.string(),
  source: z.enum(['upload', 'strava', 'demo']),
  status: z
    .enum(IMPORT_STATUSES)
    .describe(
      'done once no file is queued or processing and the rides it stored have been measured together (their batch pass ended): nothing it stored changes after done',
    ),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
  counts: importCountsSchema,
});
export type ImportSummaryResponse = z.infer<typeof importSummaryResponseSchema>;

/** GET /api/imports/:id: the import with each of its files. */
export const importDetailResponseSchema = importSummaryResponseSchema.extend({
  files: z.array(importFileResponseSchema),
});
export type ImportDetailResponse = z.infer<typeof importDetailResponseSchema>;

/** GET /api/imports: the rider's latest imports, newest first. */
export const importListResponseSchema = z.object({ imports: z.array(importSummaryResponseSchema) });
export type ImportListResponse = z.infer<typeof importListResponseSchema>;

/**
 * 202 to POST /api/activities/upload: the import and its files as queued. A file refused at upload
 * (too large, unsupported, a broken archive) is listed `failed` with its message; the others import.
 */
export const uploadResponseSchema = z.object({
  import_id: z.string().describe('Follow it at GET /api/imports/:id'),
  files: z.array(importFileResponseSchema.omit({ activity_id: true })),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/**
 * GET /api/storage: the bytes the rider stores against their quota (issue 28). `used_bytes` counts
 * their ride files, files still waiting for analysis and fitting photos; `quota_bytes` is null when
 * the server sets none (STORAGE_QUOTA_MB=0).
 */
export const storageUsageResponseSchema = z.object({
  used_bytes: z.number().int().nonnegative(),
  quota_bytes: z.number().int().positive().nullable(),
});
