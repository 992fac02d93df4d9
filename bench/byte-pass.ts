/**
 * The floor: one pass over the file's bytes doing the least work that still reads every byte (a
 * 32-bit rolling checksum). Any decoder has to at least do this.
 */
export function bytePass(bytes: Uint8Array): number {
  let h = 0;
  for (let i = 0; i < bytes.length; i++) h = (h * 31 + (bytes[i] ?? 0)) | 0;
  return h;
}
