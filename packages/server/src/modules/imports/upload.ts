import type {} from '@fastify/multipart';
import { type DecodeLimits, detectFormat, isFormatError, unzipActivities } from '@vatio/formats';
import type { FastifyRequest } from 'fastify';
import type { IncomingFile } from './import.service.ts';

export interface UploadLimits {
  maxFileBytes: number;
  maxZipEntries: number;
  maxUnpackedBytes: number;
  maxFilesPerRequest: number;
}

/**
 * Reads every `file` part of a multipart upload. A part over the size limit is drained and
 * reported, not fatal; a zip becomes one incoming file per ride inside it, so each entry is
 * stored, deduplicated and analysed on its own.
 */
export async function readUpload(request: FastifyRequest, limits: UploadLimits): Promise<IncomingFile[]> {
  const incoming: IncomingFile[] = [];
  for await (const part of request.files()) {
    const name = part.filename || 'upload';
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
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
    if (detectFormat(bytes) === 'zip') incoming.push(...expandZip(name, bytes, limits));
    else incoming.push({ name, bytes, sizeBytes: bytes.length });
  }
  return incoming;
}

function expandZip(name: string, bytes: Uint8Array, limits: UploadLimits): IncomingFile[] {
  const decodeLimits: DecodeLimits = {
    maxFileBytes: limits.maxFileBytes,
    maxZipEntries: limits.maxZipEntries,
    maxZipTotalBytes: limits.maxUnpackedBytes,
  };
  try {
    const entries = unzipActivities(bytes, decodeLimits);
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
    return entries.map(([entryName, entryBytes]) => ({
      name: `${name}/${entryName}`,
      bytes: entryBytes,
      sizeBytes: entryBytes.length,
    }));
  } catch (error) {
    const failure = isFormatError(error)
      ? { code: error.code, message: error.message }
      : { code: 'CORRUPT_FILE', message: 'The zip archive is damaged and could not be unpacked.' };
    return [{ name, bytes: null, sizeBytes: bytes.length, failure }];
  }
}
