import { XMLParser } from 'fast-xml-parser';
import { asFormatError } from '../errors.ts';

/** Elements that may repeat in TCX/GPX: always arrays, so a one-point track reads like a long one. */
const ARRAY_TAGS = new Set(['Activity', 'Lap', 'Track', 'Trackpoint', 'trk', 'trkseg', 'trkpt']);

export type XmlNode = Record<string, unknown>;

/**
 * Parses XML text with namespace prefixes removed (`gpxtpx:hr` → `hr`, `ns3:TPX` → `TPX`) and all values
 * kept as strings. Entities are not expanded: DOCTYPE entity tricks ("billion laughs") cannot inflate a
 * file, and the only text we keep is names.
 */
export function parseXml(text: string, what: string): XmlNode {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name) => ARRAY_TAGS.has(name),
  });
  try {
    return parser.parse(text) as XmlNode;
  } catch (error) {
    throw asFormatError(error, what);
  }
}

export function child(node: unknown, name: string): unknown {
  return node !== null && typeof node === 'object' ? (node as XmlNode)[name] : undefined;
}

/** Follows a path of element names; undefined as soon as one is missing. */
export function path(node: unknown, ...names: string[]): unknown {
  let current = node;
  for (const name of names) current = child(current, name);
  return current;
}

export function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Text of an element, whether it came back as a string or as { '#text': ... } next to attributes. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  const inner = child(value, '#text');
  return typeof inner === 'string' || typeof inner === 'number' ? String(inner).trim() : undefined;
}

export function number(value: unknown): number {
  const t = text(value);
  if (t === undefined || t === '') return Number.NaN;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
}

export function attr(node: unknown, name: string): string | undefined {
  const v = child(node, `@_${name}`);
  return typeof v === 'string' ? v : undefined;
}

/**
 * Times a ride can have: from 1970 (GPS itself started in 1980) to 2100 (a FIT date_time, uint32
 * seconds from 1989, ends in 2125). A damaged or hostile file can state any year Date.parse accepts
 * (±275760), which PostgreSQL cannot store (timestamptz: 4713 BC to 294276 AD) and no ride has.
 */
export const FIRST_RIDE_MS = Date.UTC(1970, 0, 1);
export const LAST_RIDE_MS = Date.UTC(2100, 0, 1);

/** ISO 8601 time to epoch ms; NaN when missing, not a date, or outside the years a ride can have. */
export function timeMs(value: unknown): number {
  const t = text(value);
  const ms = t ? Date.parse(t) : Number.NaN;
  return ms >= FIRST_RIDE_MS && ms < LAST_RIDE_MS ? ms : Number.NaN;
}

/** Decodes the five predefined XML entities in names (entity processing is off, see parseXml). */
export function unescapeXml(s: string | undefined): string | undefined {
  return s
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Bytes to text: UTF-8 unless a UTF-16 byte-order mark says otherwise. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}
