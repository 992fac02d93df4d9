/** ['p1', 'p2', …]: the keys of a numbered group of strings in a translation file. */
export function numberedKeys(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
}
