// System health (GET /api/health/services and, for operators, /api/health/logs; docs/API.md).
import type { LogLevel } from '@vatio/schemas';
import {
  getHealthLogs as getHealthLogsRoute,
  getHealthServices as getHealthServicesRoute,
} from './generated/health';

export const getHealthServices = () => getHealthServicesRoute();

export const getHealthLogs = (level: LogLevel) => getHealthLogsRoute({ query: { level } });
