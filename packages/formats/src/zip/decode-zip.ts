import { unzipSync } from 'fflate';
import type { Activity } from '../activity.ts';
import { asFormatError, FormatError } from '../errors.ts';
import { DEFAULT_LIMITS, type DecodeLimits } from '../limits.ts';

export type ArchiveEntryResult = { name: string; activity: Activity } | { name: string; error: FormatError };

/** Activity files by name, as in a Strava bulk export (`activities/123.fit.gz`, `.gpx`, `.tcx.gz`). */
const ACTIVITY_NAME = /\.(fit|tcx|gpx)(\.gz)?$/i;

export function isActivityEntryName(name: string): boolean {
  // Directories, macOS resource forks and everything else in an export (CSV, media) are skipped.
  if (name.endsWith('/') || name.includes('__MACOSX/')) return false;
  const base = name.slice(name.lastIndexOf('/') + 1);
  return !base.startsWith('._') && ACTIVITY_NAME.test(base);
}

type ZipFileInfo = { name: string; originalSize: number; size?: number };

/**
 * An fflate filter that enforces the limits from the central directory before anything is inflated:
 * too many entries or too many declared bytes refuse the whole archive (ZIP_TOO_LARGE). Only activity
 * entries count towards the bytes and reach `keep` (with their position among all entries).
 */
function limitedFilter(limits: DecodeLimits, keep: (file: ZipFileInfo, index: number) => boolean) {
  let entries = 0;
  let totalBytes = 0;
  return (file: ZipFileInfo): boolean => {
    const index = entries++;
    if (entries > limits.maxZipEntries) {
      throw new FormatError(
        'ZIP_TOO_LARGE',
        `The zip archive has more than ${limits.maxZipEntries} entries.`,
      );
    }
    if (!isActivityEntryName(file.name)) return false;
    // Deflate expands incompressible data by a few percent at most (stored blocks: 5 bytes per 64 KB;
    // fixed Huffman codes: 9 bits a byte), so more compressed bytes than that means the declared size
    // lies: fflate inflated all of it into a buffer of the declared size, 12 × 100 MB of zeros declared
    // as 1000 bytes each kept the unzip thread busy for half a minute.
    if (file.size !== undefined && file.size > file.originalSize * 1.2 + 1024) {
      throw new FormatError(
        'ZIP_TOO_LARGE',
        `The zip entry ${file.name} holds more data than it declares; the archive is refused.`,
      );
    }
    totalBytes += file.originalSize;
    // Each message names the limit that was hit (issue 28): one entry over the file size, or the
    // whole archive over the unpacked total.
    if (file.originalSize > limits.maxFileBytes) {
      throw new FormatError(
        'ZIP_TOO_LARGE',
        `The zip entry ${file.name} unpacks to ${file.originalSize} bytes, over the ${limits.maxFileBytes}-byte limit for one file.`,
      );
    }
    if (totalBytes > limits.maxZipTotalBytes) {
      throw new FormatError(
        'ZIP_TOO_LARGE',
        `The zip archive unpacks to more than ${limits.maxZipTotalBytes} bytes, over the limit for an unpacked archive.`,
      );
    }
    return keep(file, index);
  };
}

/** fflate's unzip with its failures (other than the limits) reported as a damaged archive. */
function unzipOrCorrupt(
  bytes: Uint8Array,
  filter: (file: ZipFileInfo) => boolean,
): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, { filter });
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError('CORRUPT_FILE', 'The zip archive is damaged and could not be unpacked.', {
      cause: error,
    });
  }
}

/**
 * Unpacks the activity files of a zip archive, within the limits (`limitedFilter`). fflate inflates
 * into a buffer of the declared size and never past it, so a lying header cannot exceed the limit
 * either.
 */
export function unzipActivities(
  bytes: Uint8Array,
  limits: DecodeLimits = DEFAULT_LIMITS,
): Array<[string, Uint8Array]> {
  return Object.entries(
    unzipOrCorrupt(
      bytes,
      limitedFilter(limits, () => true),
    ),
  );
}

/** An activity entry of an archive, as its central directory lists it. */
export interface ZipEntryInfo {
  /** Position among all the archive's entries (`unzipEntry` takes it). */
  index: number;
  name: string;
  /** Unpacked size, as declared. */
  sizeBytes: number;
}

/**
 * The activity entries of an archive, read from its central directory with nothing inflated, under the
 * same limits as `unzipActivities` (ZIP_TOO_LARGE, CORRUPT_FILE). With `unzipEntry`, an archive can be
 * unpacked one entry at a time, so only one entry is ever in memory.
 */
export function listActivityEntries(
  bytes: Uint8Array,
  limits: DecodeLimits = DEFAULT_LIMITS,
): ZipEntryInfo[] {
  const found: ZipEntryInfo[] = [];
  unzipOrCorrupt(
    bytes,
    limitedFilter(limits, (file, index) => {
      found.push({ index, name: file.name, sizeBytes: file.originalSize });
      return false;
    }),
  );
  return found;
}

/**
 * Inflates the entry at `index` (from `listActivityEntries`) and nothing else. fflate inflates into a
 * buffer of the declared size and never past it.
 */
export function unzipEntry(bytes: Uint8Array, index: number): Uint8Array {
  let at = 0;
  const files = unzipOrCorrupt(bytes, () => at++ === index);
  const entry = Object.values(files)[0];
  if (!entry) throw new FormatError('CORRUPT_FILE', 'The zip archive is damaged and could not be unpacked.');
  return entry;
}

/** Decodes every activity file of an archive; one entry's failure never stops the others. */
export function decodeZipEntries(
  bytes: Uint8Array,
  decode: (entry: Uint8Array, name: string) => Activity,
  limits: DecodeLimits = DEFAULT_LIMITS,
): ArchiveEntryResult[] {
  return unzipActivities(bytes, limits).map(([name, data]) => {
    try {
      return { name, activity: decode(data, name) };
    } catch (error) {
      return { name, error: asFormatError(error, `file ${name}`) };
    }
  });
}
