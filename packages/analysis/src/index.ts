export * from './streams/activity-streams.ts';
export * from './streams/resample.ts';
export * from './streams/rolling.ts';
export * from './power/normalized-power.ts';
export * from './power/power-summary.ts';
export * from './power/training-stress.ts';
export * from './power/variability.ts';
export * from './power/zones.ts';
