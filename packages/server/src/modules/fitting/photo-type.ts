/**
 * The image type of a photo by its first bytes (the magic numbers of the formats' own
 * specifications), never by its name or the type the browser claims: JPEG (SOI marker FF D8 FF,
 * ITU T.81), PNG (the 8-byte signature, RFC 2083 §3.1), WebP (a RIFF container of form 'WEBP').
 */
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export const PHOTO_EXTENSIONS: Record<PhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
