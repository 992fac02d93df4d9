// System health (GET /api/health/services and, for operators, /api/health/logs; docs/API.md).
import type { HealthLogsResponse, HealthServicesResponse, LogLevel } from '@vatio/schemas';
import { api } from './client';

export const getHealthServices = () => api<HealthServicesResponse>('/health/services');

export const getHealthLogs = (level: LogLevel) =>
  api<HealthLogsResponse>(`/health/logs?${new URLSearchParams({ level })}`);
