// Types of web-client-gen.mjs, for packages/web/src/api/generated-client.test.ts.
export const ROOT: string;
export const CONTRACTS_DIR: string;
export const GENERATED_DIR: string;
export function renderClient(
  modules: Record<string, Record<string, unknown>>,
  operationId: (c: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string }) => string,
): Map<string, string>;
