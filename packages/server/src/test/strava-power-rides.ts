import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { connectThroughFakeStrava, type FakeStrava } from './fake-strava.ts';
import type { SignedIn } from './harness.ts';
import { LONG, type Planned } from './planned-rides.ts';

// The rides of the batch-pass tests of Strava's rides (strava-pass, strava-owed): Strava rides with a
// power meter beside a file ride measured against the eFTP of its window.

const DAY_MS = 86_400_000;

/** `daysAgo` days ago at `hourUtc`, as Strava writes a start date. */
export function startOn(daysAgo: number, hourUtc = 7): string {
  const t = new Date(Date.now() - daysAgo * DAY_MS);
  t.setUTCHours(hourUtc, 0, 0, 0);
  return t.toISOString().replace('.000', '');
}

/** A signed-in rider connected to the Strava look-alike as athlete `athleteId`. */
export async function connectedRider(
  h: { signIn: (contact: { email: string }) => Promise<SignedIn>; app: FastifyInstance },
  strava: FakeStrava,
  email: string,
  athleteId: number,
): Promise<SignedIn> {
  const rider = await h.signIn({ email });
  strava.addAthlete({ id: athleteId, firstname: 'Ana', lastname: 'Pedal', bikes: [] });
  const back = await connectThroughFakeStrava(h.app, strava, athleteId, rider.headers);
  expect(back.searchParams.get('strava')).toBe('connected');
  return rider;
}

/** A Strava ride with a power meter: its watts swing ±60 W around `averageW` (fake-strava.ts). */
export const powerRide = (id: number, daysAgo: number, averageW: number) => ({
  id,
  name: `Ride ${id}`,
  start_date: startOn(daysAgo),
  elapsed_time: 1800,
  device_watts: true,
  average_watts: averageW,
});

/** A file ride with power and no FTP of its own: measured against the eFTP of its window. */
export const FILE_RIDE: Planned = {
  daysAgo: 10,
  seed: 31,
  fileFtp: false,
  power: true,
  riderFtpW: 230,
  intervals: LONG,
};
