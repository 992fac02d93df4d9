import { startFakeStrava } from './fake-strava.ts';

// The fake Strava as a process, for browser tests: `tsx fake-strava-server.ts PORT`. Its client
// id and secret are the fake's defaults; tests create their athlete with POST /__fake/athlete.
const port = Number(process.argv[2] ?? 3212);
const strava = await startFakeStrava({ port, testControl: true });
console.log(`fake Strava at ${strava.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void strava.close().then(() => process.exit(0)));
