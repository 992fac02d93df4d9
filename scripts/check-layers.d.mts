// Types of check-layers.mjs, for packages/server/src/layers.test.ts.
export const SERVER_SRC: string;
export const QUERY_PATTERNS: { name: string; re: RegExp }[];
export const ALLOWED: Map<string, string>;
export interface LayerViolation {
  file: string;
  line: number;
  pattern: string;
  text: string;
}
export function findLayerViolations(srcDir?: string): LayerViolation[];
export const FOUNDATION: Set<string>;
export function roomOf(path: string): string;
export function serverImports(srcDir?: string): { from: string; to: string }[];
export interface ImportViolation {
  kind: 'upward' | 'room-loop' | 'file-circle';
  message: string;
}
export function findImportViolations(srcDir?: string): ImportViolation[];
