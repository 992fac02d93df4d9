// Issue 27: declared in @vatio/schemas, shared with the web's generated client.
export {
  ACTIVITY_SORTS,
  activityListQuery,
  activitySearchQuery,
  activityContracts,
  type ActivitySort,
} from '@vatio/schemas/contracts';
