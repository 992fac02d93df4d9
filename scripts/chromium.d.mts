// Types of chromium.mjs for TypeScript code (bench/, e2e/).
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
