// GET /api/health/services: the services the rider depends on, checked by the schema.
import { type HealthServicesResponse, healthServicesResponseSchema } from '@vatio/schemas';

const at = '2026-11-29T09:00:00.000Z';
const service = (name: string, extra: object = {}) => ({
  service: name,
  status: 'healthy',
  reason: 'ok',
  message: 'OK',
  response_time_ms: 3,
  last_check: at,
  configured: true,
  details: {},
  ...extra,
});

function health(databaseDown: boolean): HealthServicesResponse {
  const services = [
    service(
      'database',
      databaseDown
        ? {
            status: 'error',
            reason: 'unreachable',
            message: 'Database unreachable',
            details: { engine: 'postgres' },
          }
        : { details: { engine: 'pglite' } },
    ),
    service('jobs', {
      details: { waiting_jobs: 0, active_jobs: 0, oldest_waiting_s: null, failed_last_hour: 0 },
    }),
    service('storage', { details: { free_bytes: 50e9, total_bytes: 100e9 } }),
    service('mail', {
      status: 'warning',
      reason: 'not_configured',
      message: 'Not configured',
      response_time_ms: null,
      configured: false,
    }),
  ];
  return healthServicesResponseSchema.parse({
    checked_at: at,
    services,
    summary: {
      healthy: services.filter((s) => s.status === 'healthy').length,
      warning: services.filter((s) => s.status === 'warning').length,
      error: services.filter((s) => s.status === 'error').length,
    },
    operator: false,
  });
}

export const healthy = health(false);
export const databaseDown = health(true);
