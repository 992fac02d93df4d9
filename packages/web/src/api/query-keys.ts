import type { AnalyticsSource } from './analytics';
/**
 * Every TanStack Query key the web app uses, in one place (issue 12). A key is a path: TanStack
 * matches `invalidateQueries({ queryKey })` by prefix, so each family's `all` covers every key built
 * under it (`activities.all` covers the list, the search, the latest ride and the demo count;
 * `activity.detail(id)` covers that ride's analysis and streams). Keep new keys under a family's
 * `all` so the invalidations below keep reaching them (query-keys.test.ts checks the ones the app
 * relies on).
 *
 * Per-rider data carries the rider's id, so a cached answer is never shown to the next rider who
 * signs in on the same browser. Dashboard keys carry the language instead, since the server words
 * its answers in it (the cache is cleared on sign-out).
 */
type UserId = string | undefined;

export const queryKeys = {
  clientConfig: ['client-config'] as const,

  /** System health (/dashboard/health): the services' checks, and the operators' server logs. */
  health: {
    all: ['health'] as const,
    services: (userId: UserId) => ['health', userId, 'services'] as const,
    logs: (userId: UserId, level: string) => ['health', userId, 'logs', level] as const,
  },

  activities: {
    all: ['activities'] as const,
    list: (userId: UserId, filter: { type: string; page: number; sort: string; order: string }) =>
      ['activities', userId, 'list', filter.type, filter.page, filter.sort, filter.order] as const,
    search: (userId: UserId, q: string) => ['activities', userId, 'search', q] as const,
    latest: (userId: UserId) => ['activities', userId, 'latest'] as const,
    demoCount: (userId: UserId) => ['activities', userId, 'demo-count'] as const,
    /** The longest rides, offered as a goal's course (/training-plan). */
    courses: (userId: UserId) => ['activities', userId, 'courses'] as const,
    /** The rides of a span of days (the training plan's calendar pages). */
    range: (userId: UserId, from: string, to: string) => ['activities', userId, 'range', from, to] as const,
  },

  activity: {
    all: ['activity'] as const,
    detail: (id: string) => ['activity', id] as const,
    analysis: (id: string) => ['activity', id, 'analysis'] as const,
    streams: (id: string) => ['activity', id, 'streams'] as const,
    /** The aero lab's samples and starting values for the ride or one lap (-1: the whole ride). */
    aeroLab: (id: string, lap: number) => ['activity', id, 'aero-lab', lap] as const,
  },

  bikes: {
    all: ['bikes'] as const,
    /** The bikes with their stats (the profile's list and /bikes share it). */
    list: (userId: UserId) => ['bikes', userId] as const,
    // /bikes (issue 15): one bike's tabs, and the dashboard's due banner; under `all`, so a change to
    // a bike, a part, a log line or a moved ride refreshes them all.
    performance: (userId: UserId, bikeId: string) => ['bikes', userId, bikeId, 'performance'] as const,
    rides: (userId: UserId, bikeId: string) => ['bikes', userId, bikeId, 'rides'] as const,
    components: (userId: UserId, bikeId: string) => ['bikes', userId, bikeId, 'components'] as const,
    maintenance: (userId: UserId, bikeId: string) => ['bikes', userId, bikeId, 'maintenance'] as const,
    due: (userId: UserId) => ['bikes', userId, 'due'] as const,
  },

  subscription: (userId: UserId) => ['subscription', userId] as const,

  imports: {
    all: ['imports'] as const,
    latest: (userId: UserId) => ['imports', userId, 'latest'] as const,
    /** What the rider stores against their quota (GET /api/storage): re-read after every import. */
    storage: (userId: UserId) => ['imports', userId, 'storage'] as const,
  },
  /** One import's progress (its id is already the rider's own). */
  import: (importId: string | null) => ['import', importId] as const,

  athleteSettings: {
    all: ['athlete-settings'] as const,
    list: (userId: UserId) => ['athlete-settings', userId] as const,
  },
  reanalysis: {
    all: ['reanalysis'] as const,
    status: (userId: UserId) => ['reanalysis', userId] as const,
  },

  /** Bike fitting (issue 15): the rider's measurements, positions, sessions, photos and one photo's image. */
  fitting: {
    all: ['fitting'] as const,
    measurements: (userId: UserId) => ['fitting', userId, 'measurements'] as const,
    positions: (userId: UserId) => ['fitting', userId, 'positions'] as const,
    sessions: (userId: UserId) => ['fitting', userId, 'sessions'] as const,
    photos: (userId: UserId) => ['fitting', userId, 'photos'] as const,
    photoImage: (userId: UserId, photoId: string) => ['fitting', userId, 'photo-image', photoId] as const,
  },

  apiKeys: {
    all: ['api-keys'] as const,
    list: (userId: UserId) => ['api-keys', userId] as const,
  },

  strava: {
    connection: {
      all: ['strava-connection'] as const,
      get: (userId: UserId) => ['strava-connection', userId] as const,
    },
    syncStatus: {
      all: ['sync-status'] as const,
      get: (userId: UserId) => ['sync-status', userId] as const,
    },
    activities: {
      all: ['strava-activities'] as const,
      list: (userId: UserId) => ['strava-activities', userId] as const,
    },
  },

  dashboard: {
    all: ['dashboard'] as const,
    classic: (language: string) => ['dashboard', 'classic', language] as const,
    summary: (period: string, language: string) => ['dashboard', 'summary', period, language] as const,
    narrative: (language: string) => ['dashboard', 'narrative', language] as const,
    powerCurve: (range: string, language: string) => ['dashboard', 'power-curve', range, language] as const,
    /** The live ride overview's summary (/dashboard/responsive). */
    overview: (language: string) => ['dashboard', 'overview', language] as const,
  },

  /** The training plan (/training-plan, issue 26): one family, so any change refreshes the lot. */
  plan: {
    all: ['plan'] as const,
    plan: (userId: UserId) => ['plan', userId, 'plan'] as const,
    goals: (userId: UserId) => ['plan', userId, 'goals'] as const,
    workouts: (userId: UserId) => ['plan', userId, 'workouts'] as const,
    library: (userId: UserId) => ['plan', userId, 'library'] as const,
    calendarToken: (userId: UserId) => ['plan', userId, 'calendar-token'] as const,
  },

  /** The analysis screens (/analytics, /analytics/predictive): message keys, not words, so no language. */
  analytics: {
    all: ['analytics'] as const,
    // `source`: the signed-in rider's own rides, or the public example rider's (issue 13).
    performance: (source: AnalyticsSource, weeks: number) =>
      ['analytics', source, 'performance', weeks] as const,
    trainingLoad: (source: AnalyticsSource, days: number) =>
      ['analytics', source, 'training-load', days] as const,
    predictive: (source: AnalyticsSource, weeks: number) =>
      ['analytics', source, 'predictive', weeks] as const,
    advanced: (source: AnalyticsSource, period: string) => ['analytics', source, 'advanced', period] as const,
    // /analytics/comparative (issue 14): ride names come in the reader's language.
    comparative: (source: AnalyticsSource, period: string, metric: string, lang: string) =>
      ['analytics', source, 'comparative', period, metric, lang] as const,
    compare: (source: AnalyticsSource, a: string, b: string, lang: string) =>
      ['analytics', source, 'compare', a, b, lang] as const,
    evolution: (source: AnalyticsSource, metric: string, range: string) =>
      ['analytics', source, 'evolution', metric, range] as const,
    segments: (source: AnalyticsSource) => ['analytics', source, 'segments'] as const,
    segment: (source: AnalyticsSource, id: string) => ['analytics', source, 'segments', id] as const,
    segmentCompare: (source: AnalyticsSource, id: string, a: string, b: string) =>
      ['analytics', source, 'segments', id, 'compare', a, b] as const,
  },
} as const;
