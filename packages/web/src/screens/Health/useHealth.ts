// Data of the health page (/dashboard/health): the services' checks (GET /api/health/services,
// every 30 s and on 'Actualizar'), the operators' server logs, and this tab's own request log.
import { useQuery } from '@tanstack/react-query';
import type { LogLevel } from '@vatio/schemas';
import { useSyncExternalStore } from 'react';
import { getHealthLogs, getHealthServices } from '../../api/health';
import { queryKeys } from '../../api/query-keys';
import { readRequestLog, subscribeRequestLog } from '../../api/request-log';
import { useAuth } from '../../auth/AuthProvider';

/** Spec 001 §9: health check interval 30 s. */
export const HEALTH_REFRESH_MS = 30_000;

export function useHealthServices() {
  const userId = useAuth().user?.id;
  return useQuery({
    queryKey: queryKeys.health.services(userId),
    queryFn: getHealthServices,
    refetchInterval: HEALTH_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useServerLogs(enabled: boolean, level: LogLevel) {
  const userId = useAuth().user?.id;
  return useQuery({
    queryKey: queryKeys.health.logs(userId, level),
    queryFn: () => getHealthLogs(level),
    enabled,
    refetchInterval: HEALTH_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

/** This tab's request log (api/request-log.ts), re-rendered on every new record. */
export function useRequestLog() {
  return useSyncExternalStore(subscribeRequestLog, readRequestLog, readRequestLog);
}
