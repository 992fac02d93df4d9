// Every route contract shared by the server and the web (issue 27): one module per server module.
// The web's generated client (scripts/gen-web-client.mjs) has one file per module here; the server lists
// its contracts in packages/server/src/api-contracts.ts, in the OpenAPI document's order.
export * from './contract.ts';
export * from './account.ts';
export * from './activities.ts';
export * from './advanced.ts';
export * from './analytics-load.ts';
export * from './api-keys.ts';
export * from './athlete-settings.ts';
export * from './auth.ts';
export * from './bikes.ts';
export * from './client-config.ts';
export * from './comparative.ts';
export * from './dashboard.ts';
export * from './demo.ts';
export * from './example-rider.ts';
export * from './fitting.ts';
export * from './health.ts';
export * from './imports.ts';
export * from './overview.ts';
export * from './performance.ts';
export * from './plan.ts';
export * from './profile.ts';
export * from './segments.ts';
export * from './strava.ts';
