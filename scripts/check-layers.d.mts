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
