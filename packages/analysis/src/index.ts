export * from './streams/activity-streams.ts';
export * from './streams/resample.ts';
export * from './streams/rolling.ts';
