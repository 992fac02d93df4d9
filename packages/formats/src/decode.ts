import type { Activity } from './activity.ts';
import { detectFormat } from './detect.ts';
import { asFormatError, FormatError } from './errors.ts';
import { decodeFit } from './fit/decode-fit.ts';
import { decodeGpx } from './gpx/decode-gpx.ts';
import { DEFAULT_LIMITS, type DecodeLimits } from './limits.ts';
import { decodeTcx } from './tcx/decode-tcx.ts';
import { withPlainText } from './text.ts';
import { type ArchiveEntryResult, decodeZipEntries } from './zip/decode-zip.ts';
import { gunzipLimited } from './zip/gzip.ts';

/** Where a file sits: one gzip layer and one zip layer at most (no zip quines, no nested bombs). */
interface Nesting {
  inGzip: boolean;
  inZip: boolean;
}
const TOP: Nesting = { inGzip: false, inZip: false };
const IN_ZIP: Nesting = { inGzip: false, inZip: true };

/**
 * Bytes in, one Activity out: FIT, TCX or GPX, optionally gzipped, or a zip holding exactly one of them.
 * The format is detected from the content; `fileName` only names the file in messages. Every failure is
 * a FormatError with a stable code; nothing else escapes.
 */
export function decodeActivity(
  bytes: Uint8Array,
  fileName?: string,
  limits: DecodeLimits = DEFAULT_LIMITS,
): Activity {
  try {
    return decodeOne(bytes, limits, TOP);
  } catch (error) {
    throw asFormatError(error, fileName ? `file ${fileName}` : 'file');
  }
}

/**
 * Every activity of a zip archive (a Strava bulk export) as one result per entry, or a single file as a
 * one-entry list. Only an archive over the limits fails as a whole (ZIP_TOO_LARGE is thrown).
 */
export function decodeArchive(
  bytes: Uint8Array,
  fileName = 'activity',
  limits: DecodeLimits = DEFAULT_LIMITS,
): ArchiveEntryResult[] {
  try {
    checkSize(bytes, limits);
    if (detectFormat(bytes) === 'zip') {
      return decodeZipEntries(bytes, (entry) => decodeOne(entry, limits, IN_ZIP), limits);
    }
    return [{ name: fileName, activity: decodeOne(bytes, limits, TOP) }];
  } catch (error) {
    const formatError = asFormatError(error, `file ${fileName}`);
    if (formatError.code === 'ZIP_TOO_LARGE') throw formatError;
    return [{ name: fileName, error: formatError }];
  }
}

function checkSize(bytes: Uint8Array, limits: DecodeLimits): void {
  if (bytes.length === 0) throw new FormatError('EMPTY_FILE', 'The file is empty.');
  if (bytes.length > limits.maxFileBytes) {
    throw new FormatError(
      'FILE_TOO_LARGE',
      `The file is ${bytes.length} bytes, more than the ${limits.maxFileBytes} allowed.`,
    );
  }
}

function decodeOne(bytes: Uint8Array, limits: DecodeLimits, nesting: Nesting): Activity {
  checkSize(bytes, limits);
  switch (detectFormat(bytes)) {
    case 'fit':
      return withPlainText(decodeFit(bytes));
    case 'tcx':
      return withPlainText(decodeTcx(bytes));
    case 'gpx':
      return withPlainText(decodeGpx(bytes));
    case 'gzip':
      // No device or service produces a .gz inside a .gz.
      if (nesting.inGzip) {
        throw new FormatError('UNSUPPORTED_FORMAT', 'Nested compressed files are not supported.');
      }
      return decodeOne(gunzipLimited(bytes, limits.maxFileBytes), limits, { ...nesting, inGzip: true });
    case 'zip':
      if (nesting.inZip || nesting.inGzip) {
        throw new FormatError('UNSUPPORTED_FORMAT', 'Archives inside archives are not supported.');
      }
      return singleFromZip(bytes, limits);
    case 'xml':
      throw new FormatError('UNSUPPORTED_FORMAT', 'This XML file is neither TCX nor GPX.');
    default:
      throw new FormatError('UNSUPPORTED_FORMAT', 'This file is not a FIT, TCX, GPX or zip file.');
  }
}

function singleFromZip(bytes: Uint8Array, limits: DecodeLimits): Activity {
  const results = decodeZipEntries(bytes, (entry) => decodeOne(entry, limits, IN_ZIP), limits);
  const [only] = results;
  if (!only) throw new FormatError('NO_RECORDS', 'The zip archive holds no FIT, TCX or GPX file.');
  if (results.length > 1) {
    throw new FormatError(
      'MULTIPLE_ACTIVITIES',
      `The zip archive holds ${results.length} activity files; import it as an archive.`,
    );
  }
  if ('error' in only) throw only.error;
  return only.activity;
}
