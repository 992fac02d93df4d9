import {
  activitiesSyncSchema,
  stravaActivitiesResponseSchema,
  stravaAuthorizeResponseSchema,
  stravaConnectionResponseSchema,
  stravaConnectSchema,
  stravaListRefreshSchema,
  stravaSelectedImportSchema,
  stravaSyncSchema,
  syncStatusResponseSchema,
} from '../index.ts';
import { z } from 'zod';
import { defineContracts } from './contract.ts';

/** The fields of a push event Vatio reads; anything else Strava adds is ignored. */
export const webhookEventSchema = z.object({
  object_type: z.enum(['activity', 'athlete']),
  object_id: z.number().int().positive(),
  aspect_type: z.enum(['create', 'update', 'delete']),
  owner_id: z.number().int().positive(),
  subscription_id: z.number().int().optional(),
  event_time: z.number().int().optional(),
  updates: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()]).transform(String)).optional(),
});

const tags = ['strava'];
const status = { status: 202, description: 'The sync status, or null', schema: syncStatusResponseSchema };

export const stravaContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/strava/connection',
    summary: 'Whether Strava is configured and connected',
    tags,
    auth: true,
    response: { status: 200, schema: stravaConnectionResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/strava/connect',
    summary: "Start connecting: Strava's authorization page address",
    tags,
    auth: true,
    body: stravaConnectSchema,
    response: { status: 200, schema: stravaAuthorizeResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/strava/callback',
    summary: "Strava's redirect after its authorization page (a browser navigation)",
    tags,
    auth: false,
    queryReadByHandler: true,
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      scope: z.string().optional(),
      error: z.string().optional(),
    }),
    response: {
      status: 302,
      description: 'Back to the web app (Location header, empty body)',
      contentType: 'text/plain',
    },
  },
  {
    method: 'DELETE',
    path: '/api/strava/connection',
    summary: 'Disconnect Strava',
    tags,
    auth: true,
    response: { status: 204 },
  },
  {
    method: 'GET',
    path: '/api/sync/status',
    summary: 'The Strava sync status, or null',
    tags,
    auth: true,
    response: { status: 200, schema: syncStatusResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/strava/sync',
    summary: 'Import activities or bikes from Strava',
    tags,
    auth: true,
    body: stravaSyncSchema,
    response: status,
  },
  {
    method: 'POST',
    path: '/api/activities/sync',
    summary: 'Import the last days of Strava activities',
    tags,
    auth: true,
    body: activitiesSyncSchema,
    response: status,
  },
  {
    method: 'GET',
    path: '/api/strava/activities',
    summary: "The rider's Strava activity list",
    tags,
    auth: true,
    response: { status: 200, schema: stravaActivitiesResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/strava/activities/refresh',
    summary: 'Re-read the Strava activity list',
    tags,
    auth: true,
    body: stravaListRefreshSchema,
    response: status,
  },
  {
    method: 'POST',
    path: '/api/strava/activities/import',
    summary: 'Import chosen Strava activities',
    tags,
    auth: true,
    body: stravaSelectedImportSchema,
    response: status,
  },
  {
    method: 'GET',
    path: '/api/strava/webhook',
    summary: "Strava's push subscription handshake",
    tags,
    auth: false,
    queryReadByHandler: true,
    query: z.object({
      'hub.mode': z.literal('subscribe'),
      'hub.verify_token': z.string(),
      'hub.challenge': z.string(),
    }),
    response: { status: 200, schema: z.object({ 'hub.challenge': z.string() }) },
  },
  {
    method: 'POST',
    path: '/api/strava/webhook',
    summary: "Strava's push events (acknowledged at once, handled by a job)",
    tags,
    auth: false,
    body: webhookEventSchema,
    response: { status: 200, schema: z.object({ ok: z.literal(true) }) },
  },
]);
