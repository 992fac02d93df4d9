export * from './api-keys.ts';
export * from './auth.ts';
export * from './bikes.ts';
export * from './contact.ts';
export * from './messages.ts';
export * from './profile.ts';
export * from './strava.ts';
export * from './responses.ts';
