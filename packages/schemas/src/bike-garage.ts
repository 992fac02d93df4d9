import { z } from 'zod';
import { bikeResponseSchema } from './responses.ts';

const isoTimestamp = z.string().describe('ISO 8601 UTC');
const isoDay = z.string().describe('YYYY-MM-DD');

/** The parts of a bike whose wear Vatio follows (issue 15, /bikes Componentes). */
export const COMPONENT_KINDS = [
  'chain',
  'cassette',
  'chainrings',
  'tyre_front',
  'tyre_rear',
  'brake_pads',
  'bar_tape',
  'cables',
  'suspension',
  'other',
] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

/**
 * Default service interval of each kind: a stated common practice of workshops and manufacturers'
 * guidance, not a measurement (docs/formulas/bikes.md lists each with its reasoning). A chain is
 * replaced near 0.5 % elongation, typically 2,000–5,000 km: 3,000 km; a cassette lasts about three
 * chains; chainrings about twice a cassette; a rear tyre carries more weight and drive than the front;
 * disc or rim pads 2,000–4,000 km; bar tape and cables by time in the saddle; suspension forks and
 * shocks by hours (lower-leg service in the 50–125 h range). The rider can change any of them.
 */
export const COMPONENT_DEFAULT_INTERVALS: Record<ComponentKind, { km: number | null; hours: number | null }> =
  {
    chain: { km: 3000, hours: null },
    cassette: { km: 9000, hours: null },
    chainrings: { km: 18000, hours: null },
    tyre_front: { km: 6000, hours: null },
    tyre_rear: { km: 4000, hours: null },
    brake_pads: { km: 3000, hours: null },
    bar_tape: { km: null, hours: 200 },
    cables: { km: 8000, hours: null },
    suspension: { km: null, hours: 100 },
    other: { km: null, hours: null },
  };

/** Wear at or above this share of the interval is "due"; at 100 % or more it is "overdue". */
export const COMPONENT_DUE_PCT = 90;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** A calendar day (YYYY-MM-DD), not after tomorrow (a rider's zone may be ahead of UTC). */
const pastDay = (message: string) =>
  z
    .string({ message })
    .refine(validDay, { message })
    .refine((v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + 2 * 86_400_000, { message });

const optionalText = (max: number) =>
  z
    .string()
    .max(max, { message: 'text_too_long' })
    .nullish()
    .transform((v) => {
      const trimmed = v?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    });

const money = (message: string) =>
  z
    .number({ message })
    .min(0, { message })
    .max(100_000, { message })
    .nullish()
    .transform((v) => (v == null ? null : Math.round(v * 100) / 100));

/** POST /api/bikes/:id/components. Empty intervals take the kind's default (COMPONENT_DEFAULT_INTERVALS). */
export const componentSchema = z
  .object({
    kind: z.enum(COMPONENT_KINDS, { message: 'component_kind_invalid' }),
    brand: optionalText(80),
    model: optionalText(80),
    installed_on: pastDay('installed_on_invalid'),
    price: money('price_invalid'),
    service_km: z
      .number({ message: 'service_km_invalid' })
      .int({ message: 'service_km_invalid' })
      .min(50, { message: 'service_km_invalid' })
      .max(100_000, { message: 'service_km_invalid' })
      .nullish(),
    service_hours: z
      .number({ message: 'service_hours_invalid' })
      .int({ message: 'service_hours_invalid' })
      .min(1, { message: 'service_hours_invalid' })
      .max(5_000, { message: 'service_hours_invalid' })
      .nullish(),
    notes: optionalText(500),
  })
  .strict();

/** PATCH /api/bikes/:id/components/:componentId: any of the fields; `retired_on` retires it (null brings it back). */
export const componentUpdateSchema = componentSchema
  .partial()
  .extend({ retired_on: pastDay('retired_on_invalid').nullable().optional() })
  .strict();

/** POST /api/bikes/:id/components/:componentId/replace: the old part retires that day, a new one of its kind starts. */
export const componentReplaceSchema = z
  .object({
    installed_on: pastDay('installed_on_invalid'),
    brand: optionalText(80),
    model: optionalText(80),
    price: money('price_invalid'),
  })
  .strict();

/** POST /api/bikes/:id/maintenance: one line of the service log. */
export const maintenanceSchema = z
  .object({
    performed_on: pastDay('date_invalid'),
    what: z
      .string({ message: 'service_what_required' })
      .trim()
      .min(1, { message: 'service_what_required' })
      .max(120, { message: 'text_too_long' }),
    notes: optionalText(2000),
    cost: money('cost_invalid'),
    component_id: z.string().uuid({ message: 'component_invalid' }).nullish(),
  })
  .strict();
export const maintenanceUpdateSchema = maintenanceSchema.partial().strict();

/** POST /api/bikes/:id/rides: these rides (ids) or every ride started in a range of days move to the bike. */
export const moveRidesSchema = z
  .object({
    ids: z
      .array(z.string().uuid({ message: 'invalid' }))
      .min(1)
      .max(5000)
      .optional(),
    from: z.string().refine(validDay, { message: 'date_invalid' }).optional(),
    to: z.string().refine(validDay, { message: 'date_invalid' }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const range = v.from !== undefined || v.to !== undefined;
    if (range === (v.ids !== undefined)) {
      ctx.addIssue({ code: 'custom', message: 'rides_selection_invalid', path: ['ids'] });
    } else if (range && (v.from === undefined || v.to === undefined || v.from > v.to)) {
      ctx.addIssue({ code: 'custom', message: 'rides_range_invalid', path: ['to'] });
    }
  });

export const moveRidesResponseSchema = z.object({
  moved: z.number().int().describe('Rides now on this bike that were on another bike or none'),
});

export const CDA_SOURCES = ['bike', 'rides'] as const;

/** A bike's figures from its rides (GET /api/bikes, GET /api/bikes/:id). */
export const bikeStatsSchema = z.object({
  rides: z.number().int(),
  distance_m: z.number().describe('Sum over the rides on this bike'),
  moving_time_s: z.number(),
  average_power_w: z
    .number()
    .nullable()
    .describe('Moving-time weighted mean of the average power of its rides with power'),
  average_speed_mps: z.number().nullable().describe('Distance over moving time'),
  cda_m2: z.number().nullable(),
  cda_source: z
    .enum(CDA_SOURCES)
    .nullable()
    .describe('bike: set by the rider or the aero lab; rides: median of its rides’ trustworthy fits'),
  cda_rides: z.number().int().describe('Rides whose fit the median uses'),
  efficiency_kmh_per_wkg: z
    .number()
    .nullable()
    .describe('Median km/h per W/kg over its flat outdoor rides with power (docs/formulas/bikes.md)'),
  efficiency_rides: z.number().int(),
  strava_odometer_m: z
    .number()
    .nullable()
    .describe('Strava’s distance for this bike when imported, plus the rides started since'),
  strava_distance_at: isoTimestamp.nullable(),
  last_ride_at: isoTimestamp.nullable(),
});
export type BikeStats = z.infer<typeof bikeStatsSchema>;

export const bikeWithStatsResponseSchema = bikeResponseSchema.extend({
  strava_gear_id: z.string().nullable(),
  stats: bikeStatsSchema,
});
export type BikeWithStatsResponse = z.infer<typeof bikeWithStatsResponseSchema>;

export const WEAR_STATES = ['ok', 'due', 'overdue', 'none'] as const;

export const componentResponseSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  kind: z.enum(COMPONENT_KINDS),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  installed_on: isoDay,
  retired_on: isoDay.nullable(),
  replaces_id: z.string().nullable().describe('The component this one replaced'),
  price: z.number().nullable(),
  service_km: z.number().nullable(),
  service_hours: z.number().nullable(),
  notes: z.string().nullable(),
  distance_m: z.number().describe('Rides on this bike from the install day (to the retire day)'),
  moving_time_s: z.number(),
  rides: z.number().int(),
  last_service_on: isoDay.nullable().describe('The newest log entry for this component'),
  since_service_distance_m: z.number().describe('As distance_m, from the last service or the install'),
  since_service_moving_time_s: z.number(),
  wear_pct: z.number().nullable().describe('Share of the service interval used, the larger of km and hours'),
  wear_state: z.enum(WEAR_STATES),
  created_at: isoTimestamp,
});
export type ComponentResponse = z.infer<typeof componentResponseSchema>;

export const maintenanceEntryResponseSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  component_id: z.string().nullable(),
  performed_on: isoDay,
  what: z.string(),
  notes: z.string().nullable(),
  cost: z.number().nullable(),
  created_at: isoTimestamp,
});
export type MaintenanceEntryResponse = z.infer<typeof maintenanceEntryResponseSchema>;

export const dueItemSchema = z.object({
  bike_id: z.string(),
  bike_name: z.string(),
  component_id: z.string(),
  kind: z.enum(COMPONENT_KINDS),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  wear_pct: z.number(),
  wear_state: z.enum(['due', 'overdue']),
});
export type DueItem = z.infer<typeof dueItemSchema>;

export const maintenanceResponseSchema = z.object({
  log: z.array(maintenanceEntryResponseSchema),
  due: z.array(dueItemSchema),
  total_cost: z.number().describe('Sum of the log’s costs'),
});

export const maintenanceDueResponseSchema = z.object({ due: z.array(dueItemSchema) });

/** GET /api/bikes/:id/performance: the Rendimiento tab. */
export const bikePerformanceResponseSchema = z.object({
  curve: z.array(z.object({ duration_s: z.number(), power_w: z.number(), date: isoTimestamp })),
  rides: z.array(
    z.object({
      id: z.string(),
      start_time: isoTimestamp,
      average_speed_mps: z.number().nullable(),
      average_power_w: z.number().nullable(),
      cda_m2: z.number().nullable().describe('The ride’s whole-ride fit, when trustworthy'),
    }),
  ),
});
export type BikePerformanceResponse = z.infer<typeof bikePerformanceResponseSchema>;

/** GET /api/bikes/:id/rides: the bike's rides, newest first, for moving them one at a time. */
export const bikeRidesResponseSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string().nullable(),
    start_time: isoTimestamp,
    distance_m: z.number().nullable(),
    moving_time_s: z.number(),
  }),
);
export type BikeRide = z.infer<typeof bikeRidesResponseSchema>[number];
