// Types of the parts of lib.mjs that TypeScript code (bench/) imports.
export const ROOT: string;
export const COMPILED_CLI: string;
export function compiledServerIsCurrent(): boolean;
export function ensureServerBuild(options?: { force?: boolean }): Promise<void>;
export function ensureWebBuild(options?: { force?: boolean }): void;
