import {
  healthLiveResponseSchema,
  healthLogsQuerySchema,
  healthLogsResponseSchema,
  healthReadyResponseSchema,
  healthResponseSchema,
  healthServicesResponseSchema,
} from '../index.ts';
import { defineContracts } from './contract.ts';

export const healthContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database reachability (503 when degraded)',
    tags: ['meta'],
    auth: false,
    response: { status: 200, schema: healthResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/health/live',
    summary: 'Liveness for an orchestrator: the process answers (no database call)',
    tags: ['meta'],
    auth: false,
    response: { status: 200, schema: healthLiveResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/health/ready',
    summary:
      'Readiness for an orchestrator: database reachable, migrations applied, job queue running (503 with the reason otherwise)',
    tags: ['meta'],
    auth: false,
    response: { status: 200, schema: healthReadyResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/health/services',
    summary:
      'The services the rider depends on (database, jobs, file store, mail, text, Strava, map tiles), each healthy/warning/error; checked at most every 10 s',
    tags: ['meta'],
    auth: true,
    response: { status: 200, schema: healthServicesResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/health/logs',
    summary:
      "Operators only (ADMIN_EMAILS; others 403): the server's log records of the last hour and the jobs that failed",
    tags: ['meta'],
    auth: true,
    scope: 'session',
    query: healthLogsQuerySchema,
    response: { status: 200, schema: healthLogsResponseSchema },
  },
]);
