import {
  activityAnalysisResponseSchema,
  activityDetailResponseSchema,
  activityPageResponseSchema,
  activityResponseSchema,
  activitySearchResponseSchema,
  activityStreamsResponseSchema,
  activityUpdateSchema,
  aeroFitRequestSchema,
  aeroFitResponseSchema,
  calendarDateSchema,
} from '../index.ts';
import { z } from 'zod';
import { defineContracts, idParams, langQuery } from './contract.ts';

const tags = ['activities'];

/** What GET /api/activities sorts by (the server maps each to a column in activity.repository.ts). */
export const ACTIVITY_SORTS = ['date', 'distance', 'duration', 'elevation', 'tss', 'np', 'power'] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];
// A real day with a four-digit year from 1000 (PostgreSQL has no year 0: '0000-01-01' was a 500).
const date = calendarDateSchema.optional();

/** GET /api/activities: the route parses its query with this. */
export const activityListQuery = langQuery.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  activity_type: z.string().max(50).optional(),
  start_date: date,
  end_date: date,
  sort: z.enum(ACTIVITY_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

/** GET /api/activities/search */
export const activitySearchQuery = langQuery.extend({
  q: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const activityContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/activities',
    summary: "The rider's rides, filtered, sorted and paged",
    tags,
    auth: true,
    query: activityListQuery,
    response: { status: 200, schema: activityPageResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/activities/search',
    summary: 'Rides whose name or notes match a text',
    tags,
    auth: true,
    query: activitySearchQuery,
    response: { status: 200, schema: activitySearchResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/activities/:id',
    summary: 'One ride with its laps',
    tags,
    auth: true,
    params: idParams,
    query: langQuery,
    response: { status: 200, schema: activityDetailResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/activities/:id/streams',
    summary: "The ride's 1 Hz streams",
    tags,
    auth: true,
    params: idParams,
    response: { status: 200, schema: activityStreamsResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/activities/:id/analysis',
    summary: "The ride's detailed analysis (power, heart, aero, climbs, laps)",
    tags,
    auth: true,
    params: idParams,
    response: { status: 200, schema: activityAnalysisResponseSchema },
  },
  {
    method: 'PUT',
    path: '/api/activities/:id',
    summary: "Change a ride's name, type, bike or notes",
    tags,
    auth: true,
    params: idParams,
    query: langQuery,
    body: activityUpdateSchema,
    response: { status: 200, schema: activityResponseSchema },
  },
  {
    method: 'DELETE',
    path: '/api/activities/:id',
    summary: 'Delete a ride and the files only it used',
    tags,
    auth: true,
    params: idParams,
    response: { status: 204 },
  },
  {
    method: 'POST',
    path: '/api/activities/:id/analyze',
    summary: 'Queue a re-analysis of the ride',
    tags,
    auth: true,
    params: idParams,
    response: { status: 202, schema: z.object({ status: z.literal('queued') }) },
  },
  {
    method: 'POST',
    path: '/api/activities/:id/aero-fit',
    summary:
      "The aero lab: the ride's (or a lap's) virtual elevation for CdA, Crr and conditions, or fitted, against the recorded elevation",
    tags,
    auth: true,
    params: idParams,
    body: aeroFitRequestSchema,
    response: { status: 200, schema: aeroFitResponseSchema },
  },
]);
