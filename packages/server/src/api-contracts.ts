import { accountContracts } from './modules/account/account.contract.ts';
import { advancedContracts } from './modules/advanced/advanced.contract.ts';
import { analyticsLoadContracts } from './modules/analytics/analytics-load.contract.ts';
import { apiKeyContracts } from './modules/api-keys/api-key.contract.ts';
import { activityContracts } from './modules/activities/activity.contract.ts';
import { athleteSettingsContracts } from './modules/athlete/athlete-settings.contract.ts';
import { performanceContracts } from './modules/analytics/performance.contract.ts';
import { authContracts } from './modules/auth/auth.contract.ts';
import { bikeContracts } from './modules/bikes/bike.contract.ts';
import { clientConfigContracts } from './modules/client-config/client-config.contract.ts';
import { comparativeContracts } from './modules/comparative/comparative.contract.ts';
import { dashboardContracts } from './modules/dashboard/dashboard.contract.ts';
import { demoContracts } from './modules/demo/demo.contract.ts';
import { fittingContracts } from './modules/fitting/fitting.contract.ts';
import { exampleRiderContracts } from './modules/example-rider/example-rider.contract.ts';
import { healthContracts } from './modules/health/health.contract.ts';
import { planContracts } from './modules/plan/plan.contract.ts';
import { overviewContracts } from './modules/overview/overview.contract.ts';
import { importContracts } from './modules/imports/import.contract.ts';
import { profileContracts } from './modules/profile/profile.contract.ts';
import { segmentContracts } from './modules/segments/segment.contract.ts';
import { stravaContracts } from './modules/strava/strava.contract.ts';
import { apiDocsContracts } from './http/api-docs.routes.ts';
import type { RouteContract } from './http/contract.ts';

/** Every route's contract, each module's beside its routes; the OpenAPI document lists them in this order. */
export const API_CONTRACTS: readonly RouteContract[] = [
  ...authContracts,
  ...profileContracts,
  ...bikeContracts,
  ...fittingContracts,
  ...athleteSettingsContracts,
  ...importContracts,
  ...demoContracts,
  ...activityContracts,
  ...dashboardContracts,
  ...overviewContracts,
  ...analyticsLoadContracts,
  ...performanceContracts,
  ...advancedContracts,
  ...segmentContracts,
  ...exampleRiderContracts,
  ...comparativeContracts,
  ...stravaContracts,
  ...accountContracts,
  ...apiKeyContracts,
  ...healthContracts,
  ...clientConfigContracts,
  ...apiDocsContracts,
  // Issue 26, last so that the document before it is unchanged (its tag comes last too).
  ...planContracts,
];
