import type {} from '@fastify/multipart';
import { type DecodeLimits, detectFormat, plainText } from '@vatio/formats';
import { VALIDATION_MESSAGES } from '@vatio/schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { IncomingFile } from './import.service.ts';
import type { RiderGate } from './rider-gate.ts';
import type { UploadBudget } from './storage-quota.ts';
import { unpackZip } from './zip-unpacker.ts';

export interface UploadLimits {
  maxFileBytes: number;
  maxZipEntries: number;
  maxUnpackedBytes: number;
  maxFilesPerRequest: number;
  /** Archives one rider may have being unpacked at once; more is a 429 (UPLOAD_BUSY). */
  maxZipsPerRider: number;
  /** Bytes one rider may store (storage-quota.ts); null: no quota. */
  storageQuotaBytes?: number | null;
}

export interface UploadContext {
  userId: string;
  limits: UploadLimits;
  blobs: BlobStore;
  /** Caps the archives each rider has being unpacked at once. */
  zipGate: RiderGate;
  /** Blobs this request wrote (not there before): removed again if the upload fails half-way. */
  created: string[];
  /** The rider's storage quota: every file and archive entry is reserved before it is stored. */
  budget: UploadBudget;
}

/**
 * The formats package's decode limits for what this server accepts: no file, and no .gz once unpacked
 * (alone or inside a zip), larger than an upload may be (UPLOAD_MAX_FILE_MB), where the package's own
 * default would let a ~250 KB .gz unpack to 256 MB in the import job.
 */
export function uploadDecodeLimits(
  limits: Omit<UploadLimits, 'maxFilesPerRequest' | 'maxZipsPerRider' | 'storageQuotaBytes'>,
): DecodeLimits {
  return {
    maxFileBytes: limits.maxFileBytes,
    maxZipEntries: limits.maxZipEntries,
    maxZipTotalBytes: limits.maxUnpackedBytes,
  };
}

/**
 * Reads every `file` part of a multipart upload. A part over the size limit is drained and
 * reported, not fatal; a zip becomes one incoming file per ride inside it, so each entry is
 * stored, deduplicated and analysed on its own. Entries are unpacked on another thread and stored
 * one by one as they come (`zip-unpacker.ts`), so the request thread keeps serving others.
 */
export async function readUpload(request: FastifyRequest, context: UploadContext): Promise<IncomingFile[]> {
  const { limits } = context;
  const incoming: IncomingFile[] = [];
  for await (const part of malformedAs400(request.files())) {
    // Names are stored and shown: a NUL (which PostgreSQL text cannot hold) or another control character
    // in a hostile file name must not fail the whole upload.
    const name = plainText(part.filename ?? '', 500) || 'upload';
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of malformedAs400(part.file as AsyncIterable<Buffer>)) {
      size += chunk.length;
      if (size <= limits.maxFileBytes) chunks.push(chunk);
    }
    if (part.file.truncated || size > limits.maxFileBytes) {
      incoming.push({
        name,
        bytes: null,
        sizeBytes: size,
        failure: {
          code: 'FILE_TOO_LARGE',
          message: `The file is larger than the ${Math.round(limits.maxFileBytes / 1024 / 1024)} MB limit.`,
        },
      });
      continue;
    }
    const bytes = Buffer.concat(chunks);
    if (detectFormat(bytes) === 'zip') incoming.push(...(await expandZip(name, bytes, context)));
    else {
      // Only what is stored counts: an archive's entries, each as it is unpacked (expandZip).
      await context.budget.take(bytes.length);
      incoming.push({ name, bytes, sizeBytes: bytes.length });
    }
  }
  return incoming;
}

/**
 * Without a boundary the parts of a multipart body cannot be told apart; the parser used to fail
 * with a 500. A 400 naming the content type instead (the upload and the fitting photo).
 */
export function requireMultipartBoundary(contentType: string | undefined): void {
  if (!/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(contentType ?? '')) {
    throw new AppError('VALIDATION', VALIDATION_MESSAGES.multipart_boundary_missing, {
      fields: { 'content-type': 'multipart_boundary_missing' },
    });
  }
}

/**
 * Passes a multipart stream through, turning the parser's own failures (a body cut short, no
 * closing boundary, a part with no headers; plain errors without a status) into a 400 with a field
 * message, where they used to be 500s. Errors with a status (the size and count limits) stay as they are.
 */
export async function* malformedAs400<T>(items: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* items;
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode !== undefined) throw error;
    throw new AppError(
      'VALIDATION',
      VALIDATION_MESSAGES.multipart_malformed,
      { fields: { body: 'multipart_malformed' } },
      error,
    );
  }
}

async function expandZip(name: string, bytes: Uint8Array, context: UploadContext): Promise<IncomingFile[]> {
  const release = context.zipGate.tryEnter(context.userId);
  if (!release) {
    throw new AppError('UPLOAD_BUSY', undefined, { retry_after_s: 10 });
  }
  const decodeLimits = uploadDecodeLimits(context.limits);
  const entries: IncomingFile[] = [];
  try {
    const result = await unpackZip(bytes, decodeLimits, async (entry) => {
      // Reserved before it is stored: a small archive that unpacks past the quota stops here, and the
      // route removes the entries stored before it (issue 28).
      await context.budget.take(entry.bytes.length);
      // Stored now, so the entry's memory goes as soon as the next one comes.
      const { key: blobKey, created } = await context.blobs.store(entry.bytes, entry.sha256);
      if (created) context.created.push(blobKey);
      entries.push({
        name: `${name}/${plainText(entry.name, 500)}`,
        bytes: null,
        blobKey,
        sizeBytes: entry.bytes.length,
      });
    });
    if (!result.ok) {
      return [
        {
          name,
          bytes: null,
          sizeBytes: bytes.length,
          failure: { code: result.code, message: result.message },
        },
      ];
    }
  } finally {
    release();
  }
  if (entries.length === 0) {
    return [
      {
        name,
        bytes: null,
        sizeBytes: bytes.length,
        failure: { code: 'NO_ACTIVITIES', message: 'The archive holds no FIT, TCX or GPX files.' },
      },
    ];
  }
  return entries;
}
