import { gunzipSync } from 'fflate';
import { FormatError } from '../errors.ts';

/**
 * Gunzips with a size cap. The output buffer is sized from the gzip footer (ISIZE, RFC 1952 §2.3.1) and
 * fflate never grows a caller-supplied buffer, so a footer that lies can truncate the output but never
 * inflate it past `maxBytes`: a gzip bomb costs at most `maxBytes` of memory.
 */
export function gunzipLimited(bytes: Uint8Array, maxBytes: number): Uint8Array {
  if (bytes.length < 18) throw new FormatError('CORRUPT_FILE', 'The gzip file is truncated.');
  const n = bytes.length;
  const declared =
    ((bytes[n - 4] ?? 0) | ((bytes[n - 3] ?? 0) << 8) | ((bytes[n - 2] ?? 0) << 16)) +
    (bytes[n - 1] ?? 0) * 2 ** 24;
  if (declared > maxBytes) {
    throw new FormatError(
      'FILE_TOO_LARGE',
      `The gzip file unpacks to ${declared} bytes, more than the ${maxBytes} allowed.`,
    );
  }
  if (declared === 0) throw new FormatError('EMPTY_FILE', 'The gzip file is empty.');
  try {
    return gunzipSync(bytes, { out: new Uint8Array(declared) });
  } catch (error) {
    throw new FormatError('CORRUPT_FILE', 'The gzip file is damaged and could not be unpacked.', {
      cause: error,
    });
  }
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}
