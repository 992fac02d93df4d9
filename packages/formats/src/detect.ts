import { isFitHeader } from './fit/decode-fit.ts';
import { isGzip } from './zip/gzip.ts';

export type DetectedFormat = 'fit' | 'gzip' | 'zip' | 'tcx' | 'gpx' | 'xml' | 'unknown';

/**
 * Format by content, never by file name (names lie: Strava exports `.fit.gz`, browsers rename
 * downloads). FIT: ".FIT" at byte 8 of a 12/14-byte header; gzip: 1f 8b; zip: "PK" local-file or
 * empty-archive signature; XML: the root element name within the first few kilobytes.
 */
export function detectFormat(bytes: Uint8Array): DetectedFormat {
  if (isFitHeader(bytes)) return 'fit';
  if (isGzip(bytes)) return 'gzip';
  if (
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 3 || bytes[2] === 5) &&
    (bytes[3] === 4 || bytes[3] === 6)
  ) {
    return 'zip';
  }
  const head = xmlHead(bytes);
  if (head === undefined) return 'unknown';
  if (/<(\w+:)?TrainingCenterDatabase[\s>]/.test(head)) return 'tcx';
  if (/<(\w+:)?gpx[\s>]/.test(head)) return 'gpx';
  return 'xml';
}

/** The first 4 KB as text if the file starts like XML (after an optional BOM and whitespace). */
function xmlHead(bytes: Uint8Array): string | undefined {
  const slice = bytes.subarray(0, 4096);
  let text: string;
  if (slice[0] === 0xff && slice[1] === 0xfe) text = new TextDecoder('utf-16le').decode(slice);
  else if (slice[0] === 0xfe && slice[1] === 0xff) text = new TextDecoder('utf-16be').decode(slice);
  else text = new TextDecoder('utf-8').decode(slice);
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  return trimmed.startsWith('<') ? trimmed : undefined;
}
