// Issue 27: declared in @vatio/schemas, shared with the web's generated client.
export {
  calendarQuery,
  recentActivitiesQuery,
  powerCurveQuery,
  summaryQuery,
  dashboardContracts,
} from '@vatio/schemas/contracts';
