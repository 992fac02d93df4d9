import { z } from 'zod';
import { activityResponseSchema } from './activities.ts';
import { DASHBOARD_FTP_SOURCES, trainingZoneSchema } from './dashboard.ts';

// GET /api/dashboard/overview (issue 15, spec 001 §2.15): the live ride overview's compact summary
// (packages/server/src/modules/overview). Days are the rider's local calendar days (the `tz` query).

const localDay = z.string().describe("YYYY-MM-DD, a day in the rider's time zone");

/** Durations (s) a record is looked for at: 5 s, 1, 5, 20 and 60 min. */
export const OVERVIEW_RECORD_DURATIONS_S = [5, 60, 300, 1200, 3600] as const;

/** Where the live view's CP and W′ come from: the 90-day curve's 2-parameter fit, or FTP with 20 kJ. */
export const LIVE_MODEL_SOURCES = ['cp_2p', 'ftp_default'] as const;

export const dashboardOverviewResponseSchema = z.object({
  today: localDay,
  time_zone: z.string().describe('The IANA zone the days are counted in'),
  latest_ride: activityResponseSchema.nullable().describe('The newest ride; null without rides'),
  today_performance: z
    .object({
      rides: z.number().describe('Rides that started today'),
      moving_time_s: z.number().describe("Sum of today's moving time"),
      tss: z.number().describe("Sum of today's rides' TSS"),
      intensity_factor: z
        .number()
        .nullable()
        .describe('√(ΣTSS·3600 / (100·Σt)) over the rides with a TSS: the IF that gives the day its TSS'),
      efficiency_factor: z
        .number()
        .nullable()
        .describe("Moving-time-weighted mean of the rides' EF (NP / average HR); null without one"),
    })
    .describe("Today's rides"),
  week: z.object({
    start_date: localDay.describe('First day of this local week'),
    rides: z.number(),
    tss: z.number().describe("Sum of this week's TSS so far"),
    target: z
      .object({
        tss: z.number().describe('The planned week (analysis planWeek) from CTL and ATL at the week start'),
        tss_range: z.array(z.number()).length(2).describe('Low and high end of the form band for that week'),
        rides: z.number().describe('Training days the plan holds (7 − rest days)'),
        form: z.string().describe('Form on the first day of the week (TSB bands of spec 001 §4)'),
        ctl: z.number().describe('CTL at the end of the day before the week'),
        atl: z.number().describe('ATL at the end of the day before the week'),
      })
      .nullable()
      .describe('Null when no ride before this week has a TSS'),
  }),
  record: z
    .object({
      activity_id: z.string(),
      name: z.string(),
      date: z.string().describe('ISO 8601 UTC start of the ride'),
      duration_s: z.number().describe('The longest standard duration at which this ride set a best'),
      power_w: z.number(),
      previous_best_w: z.number().nullable().describe('Best before this ride; null for the first ride'),
      durations_s: z.array(z.number()).describe('Every standard duration at which this ride set a best'),
    })
    .nullable()
    .describe('The most recent ride that set an all-time best at 5 s, 1, 5, 20 or 60 min'),
  live: z
    .object({
      ftp_w: z.number(),
      ftp_source: z.enum(DASHBOARD_FTP_SOURCES),
      cp_w: z.number().describe('Critical power for W′ balance'),
      w_prime_j: z.number().describe('W′ for W′ balance, J'),
      model_source: z.enum(LIVE_MODEL_SOURCES),
      zones: z.array(trainingZoneSchema).describe('Coggan zones 1–7 for ftp_w'),
    })
    .describe("What the live view needs: the rider's FTP, zones, CP and W′"),
});
export type DashboardOverviewResponse = z.infer<typeof dashboardOverviewResponseSchema>;
