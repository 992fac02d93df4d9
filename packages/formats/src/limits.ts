/**
 * Size limits that keep a hostile upload from exhausting memory. A 4-hour FIT file is about 0.4 MB and a
 * GPX of the same ride about 3 MB, so these leave two orders of magnitude of headroom.
 */
export interface DecodeLimits {
  /** Largest file accepted, compressed or not, and the most a single .gz may unpack to. */
  maxFileBytes: number;
  /** Most entries a zip archive may list (every entry counts, activity or not). */
  maxZipEntries: number;
  /** Most bytes all activity entries of a zip may unpack to, as their headers declare. */
  maxZipTotalBytes: number;
}

export const DEFAULT_LIMITS: DecodeLimits = {
  maxFileBytes: 256 * 1024 * 1024,
  maxZipEntries: 20_000,
  maxZipTotalBytes: 1024 * 1024 * 1024,
};
