// System health (GET /api/health/services and, for operators, /api/health/logs; docs/API.md).
import type { LogLevel } from '@vatio/schemas';
import { getHealthLogs as getHealthLogsRoute } from './generated/getHealthLogs';
import { getHealthServices as getHealthServicesRoute } from './generated/getHealthServices';

export const getHealthServices = () => getHealthServicesRoute();

export const getHealthLogs = (level: LogLevel) => getHealthLogsRoute({ query: { level } });
