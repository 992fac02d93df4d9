import { bikeEfficiency, componentWearPct } from '@vatio/analysis';
import {
  type BikePerformanceResponse,
  type BikeStats,
  COMPONENT_DEFAULT_INTERVALS,
  COMPONENT_DUE_PCT,
  type ComponentKind,
  type ComponentResponse,
  type DueItem,
  type componentReplaceSchema,
  type componentSchema,
  type componentUpdateSchema,
  type maintenanceSchema,
  type maintenanceUpdateSchema,
} from '@vatio/schemas';
import type { z } from 'zod';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { AppError } from '../../errors.ts';
import { bestOfRideCurves } from '../activities/rider-best-curve.ts';
import type { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import { rideDate, rideSettingsAt } from '../../kernel/ride-settings.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import type { BikeRepository, BikeRow } from '../../kernel/bike.repository.ts';
import type {
  BikeRideSums,
  ComponentWithUse,
  GarageRepository,
  MaintenanceRow,
} from './garage.repository.ts';
import { RideCurveMemo } from './ride-curve-memo.ts';

/** The database's order of uuids (their bytes, as their lower-case text sorts). */
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** How many of the bike's rides its ride list shows (newest first). */
export const BIKE_RIDES_LIMIT = 200;

/**
 * The garage: each bike's figures from its rides, its parts with their wear, its service log and what
 * is due. Decides; the repositories read and write.
 */
export class GarageService {
  /**
   * Kept per rider (and bike) until the rides or settings behind them change (GarageRepository.version),
   * as the dashboard keeps its answers: the stats add up every ride on every bike and the performance
   * merges every ride's curve, too much to do again on each visit of the garage (issue 16).
   */
  private readonly statsCache: VersionedCache<Map<string, BikeStats>>;
  private readonly performanceCache: VersionedCache<BikePerformanceResponse | undefined>;
  /** The bike rides' parsed curves, read again only when new or changed (ride-curve-memo.ts). */
  private readonly curveMemo = new RideCurveMemo();

  constructor(
    private readonly deps: {
      garage: GarageRepository;
      bikes: BikeRepository;
      athleteSettings: AthleteSettingsRepository;
      now: () => Date;
      writes: WriteEpoch;
    },
  ) {
    this.statsCache = new VersionedCache(500, deps.writes);
    this.performanceCache = new VersionedCache(500, deps.writes);
  }

  /**
   * Every bike's stats (one query of sums, one of per-ride facts), keyed by bike id; kept until the
   * rider's rides, settings or these bike rows (their CdA and Strava odometer) change.
   */
  async stats(userId: string, bikes: readonly BikeRow[], bikeId?: string): Promise<Map<string, BikeStats>> {
    const rows = bikes
      .map(
        (b) =>
          `${b.id}:${b.cda_m2 ?? ''}:${b.strava_distance_m ?? ''}:${b.strava_distance_at?.getTime() ?? ''}`,
      )
      .join(',');
    return this.statsCache.get(
      `${userId}|${bikeId ?? '*'}|${rows}`,
      () => this.deps.garage.version(userId),
      () => this.computeStats(userId, bikes, bikeId),
    );
  }

  private async computeStats(
    userId: string,
    bikes: readonly BikeRow[],
    bikeId?: string,
  ): Promise<Map<string, BikeStats>> {
    const { garage, athleteSettings } = this.deps;
    const [sums, facts, cdas, baseline] = await Promise.all([
      garage.rideSums(userId, bikeId),
      garage.efficiencyRides(userId, bikeId),
      garage.cdaMedians(userId, bikeId),
      athleteSettings.baseline(userId),
    ]);
    const factsByBike = new Map<string, typeof facts>();
    for (const f of facts) {
      const list = factsByBike.get(f.bike_id);
      if (list) list.push(f);
      else factsByBike.set(f.bike_id, [f]);
    }
    const sumsByBike = new Map<string, BikeRideSums>(sums.map((s) => [s.bike_id, s]));
    const cdaByBike = new Map(cdas.map((c) => [c.bike_id, c]));
    const result = new Map<string, BikeStats>();
    for (const bike of bikes) {
      const s = sumsByBike.get(bike.id);
      const rides = factsByBike.get(bike.id) ?? [];
      const fits = cdaByBike.get(bike.id);
      const efficiency = bikeEfficiency(
        rides.map((r) => ({
          distanceM: r.distance_m,
          movingS: r.moving_time_s,
          elevationGainM: r.elevation_gain_m,
          averagePowerW: r.average_power_w,
          riderKg: rideSettingsAt(baseline, rideDate(r.start_time), null).weightKg ?? null,
          indoor: false,
        })),
      );
      const distanceM = s?.distance_m ?? 0;
      const movingS = s?.moving_time_s ?? 0;
      // Set by the rider (or saved from the aero lab) wins; else the median of the rides' own fits.
      const ridesCda = fits ? Number(fits.median) : undefined;
      const cda = bike.cda_m2 ?? ridesCda ?? null;
      result.set(bike.id, {
        rides: s?.rides ?? 0,
        distance_m: round(distanceM, 1),
        moving_time_s: Math.round(movingS),
        average_power_w: s?.average_power_w == null ? null : round(s.average_power_w, 1),
        average_speed_mps: movingS > 0 && distanceM > 0 ? round(distanceM / movingS, 3) : null,
        cda_m2: cda === null ? null : round(cda, 3),
        cda_source: bike.cda_m2 !== null ? 'bike' : ridesCda !== undefined ? 'rides' : null,
        cda_rides: fits?.n ?? 0,
        efficiency_kmh_per_wkg: efficiency.value === undefined ? null : round(efficiency.value, 2),
        efficiency_rides: efficiency.rides,
        strava_odometer_m:
          bike.strava_distance_m === null
            ? null
            : round(bike.strava_distance_m + (s?.since_strava_m ?? 0), 1),
        strava_distance_at: bike.strava_distance_at?.toISOString() ?? null,
        last_ride_at: s?.last_ride_at ? new Date(s.last_ride_at).toISOString() : null,
      });
    }
    return result;
  }

  /** The rider's bike, or 404. */
  async bike(userId: string, bikeId: string): Promise<BikeRow> {
    const bike = await this.deps.bikes.find(userId, bikeId);
    if (!bike) throw new AppError('NOT_FOUND');
    return bike;
  }

  /**
   * The bike's best-power envelope and its rides' facts; kept until its rides change. Whether the
   * bike is the rider's is kept with it: deleting a bike changes the version.
   */
  async performance(userId: string, bikeId: string): Promise<BikePerformanceResponse> {
    const answer = await this.performanceCache.get(
      `${userId}|${bikeId}`,
      () => this.deps.garage.version(userId),
      () => this.computePerformance(userId, bikeId),
    );
    if (!answer) throw new AppError('NOT_FOUND');
    return answer;
  }

  private async computePerformance(
    userId: string,
    bikeId: string,
  ): Promise<BikePerformanceResponse | undefined> {
    const { garage } = this.deps;
    if (!(await this.deps.bikes.find(userId, bikeId))) return undefined;
    const facts = await garage.rideFacts(userId, bikeId);
    // The curves in the envelope's order: by the curve's start (on a tie the earlier ride holds a point).
    const versions = facts
      .filter((r) => r.curve_version !== null)
      .sort((a, b) => a.curve_start_time!.getTime() - b.curve_start_time!.getTime() || compareIds(a.id, b.id))
      .map((r) => ({ activity_id: r.id, row_version: r.curve_version! }));
    const curves = await this.curveMemo.curves(versions, (ids) => garage.curvesOf(userId, ids));
    const best = bestOfRideCurves(curves);
    return {
      curve: best.durationsS.map((duration, k) => ({
        duration_s: duration,
        power_w: round(Number(best.powerW[k]), 1),
        date: best.source[k]!.date,
      })),
      rides: facts.map((r) => ({
        id: r.id,
        start_time: r.start_time.toISOString(),
        average_speed_mps:
          r.average_speed_mps ??
          (r.distance_m && r.moving_time_s > 0 ? round(r.distance_m / r.moving_time_s, 3) : null),
        average_power_w: r.average_power_w === null ? null : round(r.average_power_w, 1),
        cda_m2: r.cda_m2 === null ? null : round(r.cda_m2, 3),
      })),
    };
  }

  async rides(userId: string, bikeId: string) {
    await this.bike(userId, bikeId);
    return this.deps.garage.rides(userId, bikeId, BIKE_RIDES_LIMIT);
  }

  async moveRides(
    userId: string,
    bikeId: string,
    which: { ids: string[] } | { from: string; to: string },
  ): Promise<number> {
    await this.bike(userId, bikeId);
    const moved = await this.deps.garage.moveRides(userId, bikeId, which, this.deps.now());
    // An id that is not one of the rider's rides does not exist: nothing moved.
    if (moved === undefined) throw new AppError('NOT_FOUND');
    return moved;
  }

  async components(userId: string, bikeId: string): Promise<ComponentResponse[]> {
    await this.bike(userId, bikeId);
    return (await this.deps.garage.components(userId, { bikeId })).map(presentComponent);
  }

  async component(userId: string, bikeId: string, componentId: string): Promise<ComponentResponse> {
    const list = await this.components(userId, bikeId);
    const found = list.find((c) => c.id === componentId);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  async addComponent(
    userId: string,
    bikeId: string,
    input: z.output<typeof componentSchema>,
  ): Promise<ComponentResponse> {
    await this.bike(userId, bikeId);
    // An interval left empty takes the kind's default; both empty on purpose is possible with PATCH.
    const defaults = COMPONENT_DEFAULT_INTERVALS[input.kind];
    const noInterval = input.service_km == null && input.service_hours == null;
    const row = await this.deps.garage.createComponent(
      userId,
      bikeId,
      {
        kind: input.kind,
        brand: input.brand,
        model: input.model,
        installed_on: input.installed_on,
        price: input.price,
        service_km: noInterval ? defaults.km : (input.service_km ?? null),
        service_hours: noInterval ? defaults.hours : (input.service_hours ?? null),
        notes: input.notes,
      },
      this.deps.now(),
    );
    return this.component(userId, bikeId, row.id);
  }

  async updateComponent(
    userId: string,
    bikeId: string,
    componentId: string,
    input: z.output<typeof componentUpdateSchema>,
  ): Promise<ComponentResponse> {
    await this.bike(userId, bikeId);
    const before = await this.deps.garage.component(userId, bikeId, componentId);
    if (!before) throw new AppError('NOT_FOUND');
    const installed = input.installed_on ?? before.installed_on;
    const retired = input.retired_on === undefined ? before.retired_on : input.retired_on;
    if (retired !== null && retired < installed) {
      throw new AppError('VALIDATION', 'A part cannot retire before it was installed.', {
        fields: { retired_on: 'retired_on_invalid' },
      });
    }
    const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    await this.deps.garage.updateComponent(userId, bikeId, componentId, values, this.deps.now());
    return this.component(userId, bikeId, componentId);
  }

  async replaceComponent(
    userId: string,
    bikeId: string,
    componentId: string,
    input: z.output<typeof componentReplaceSchema>,
  ): Promise<ComponentResponse> {
    await this.bike(userId, bikeId);
    const old = await this.deps.garage.component(userId, bikeId, componentId);
    if (!old) throw new AppError('NOT_FOUND');
    if (old.retired_on !== null || input.installed_on < old.installed_on) {
      throw new AppError('VALIDATION', 'The new part must start on or after the old one was installed.', {
        fields: { installed_on: 'installed_on_invalid' },
      });
    }
    const row = await this.deps.garage.replaceComponent(
      userId,
      bikeId,
      old,
      {
        installed_on: input.installed_on,
        brand: input.brand ?? old.brand,
        model: input.model ?? old.model,
        price: input.price,
      },
      this.deps.now(),
    );
    return this.component(userId, bikeId, row.id);
  }

  async deleteComponent(userId: string, bikeId: string, componentId: string): Promise<void> {
    await this.bike(userId, bikeId);
    if (!(await this.deps.garage.deleteComponent(userId, bikeId, componentId)))
      throw new AppError('NOT_FOUND');
  }

  async maintenance(userId: string, bikeId: string) {
    const bike = await this.bike(userId, bikeId);
    const [log, components] = await Promise.all([
      this.deps.garage.maintenance(userId, bikeId),
      this.deps.garage.components(userId, { bikeId }),
    ]);
    return {
      log: log.map(presentMaintenance),
      due: dueItems(
        components.filter((c) => c.retired_on === null).map((c) => ({ ...c, bike_name: bike.name })),
      ),
      total_cost: round(
        log.reduce((sum, e) => sum + (e.cost ?? 0), 0),
        2,
      ),
    };
  }

  /** What is due across the rider's bikes (the dashboard's banner). */
  async due(userId: string): Promise<DueItem[]> {
    return dueItems(await this.deps.garage.components(userId, { activeOnly: true }));
  }

  private async checkComponent(userId: string, bikeId: string, componentId: string | null | undefined) {
    if (componentId && !(await this.deps.garage.component(userId, bikeId, componentId))) {
      throw new AppError('VALIDATION', 'Choose one of this bike’s parts.', {
        fields: { component_id: 'component_invalid' },
      });
    }
  }

  async addMaintenance(userId: string, bikeId: string, input: z.output<typeof maintenanceSchema>) {
    await this.bike(userId, bikeId);
    await this.checkComponent(userId, bikeId, input.component_id);
    const row = await this.deps.garage.createMaintenance(
      userId,
      bikeId,
      {
        performed_on: input.performed_on,
        what: input.what,
        notes: input.notes,
        cost: input.cost,
        component_id: input.component_id ?? null,
      },
      this.deps.now(),
    );
    return presentMaintenance(row);
  }

  async updateMaintenance(
    userId: string,
    bikeId: string,
    entryId: string,
    input: z.output<typeof maintenanceUpdateSchema>,
  ) {
    await this.bike(userId, bikeId);
    if (!(await this.deps.garage.maintenanceEntry(userId, bikeId, entryId))) throw new AppError('NOT_FOUND');
    await this.checkComponent(userId, bikeId, input.component_id);
    const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const row = await this.deps.garage.updateMaintenance(userId, bikeId, entryId, values);
    if (!row) throw new AppError('NOT_FOUND');
    return presentMaintenance(row);
  }

  async deleteMaintenance(userId: string, bikeId: string, entryId: string): Promise<void> {
    await this.bike(userId, bikeId);
    if (!(await this.deps.garage.deleteMaintenance(userId, bikeId, entryId))) throw new AppError('NOT_FOUND');
  }
}

function wearOf(c: ComponentWithUse): { pct: number | null; state: ComponentResponse['wear_state'] } {
  const pct = componentWearPct(
    { distanceM: c.since_service_distance_m, movingS: c.since_service_moving_time_s },
    { km: c.service_km, hours: c.service_hours },
  );
  if (pct === undefined) return { pct: null, state: 'none' };
  return { pct: round(pct, 1), state: pct >= 100 ? 'overdue' : pct >= COMPONENT_DUE_PCT ? 'due' : 'ok' };
}

function dueItems(components: readonly ComponentWithUse[]): DueItem[] {
  const items: DueItem[] = [];
  for (const c of components) {
    if (c.retired_on !== null) continue;
    const wear = wearOf(c);
    if (wear.state !== 'due' && wear.state !== 'overdue') continue;
    items.push({
      bike_id: c.bike_id,
      bike_name: c.bike_name,
      component_id: c.id,
      kind: c.kind as ComponentKind,
      brand: c.brand,
      model: c.model,
      wear_pct: wear.pct!,
      wear_state: wear.state,
    });
  }
  return items.sort((a, b) => b.wear_pct - a.wear_pct);
}

export function presentComponent(c: ComponentWithUse): ComponentResponse {
  const wear = wearOf(c);
  return {
    id: c.id,
    bike_id: c.bike_id,
    kind: c.kind as ComponentKind,
    brand: c.brand,
    model: c.model,
    installed_on: c.installed_on,
    retired_on: c.retired_on,
    replaces_id: c.replaces_id,
    price: c.price,
    service_km: c.service_km,
    service_hours: c.service_hours,
    notes: c.notes,
    distance_m: round(c.distance_m, 1),
    moving_time_s: Math.round(c.moving_time_s),
    rides: c.rides,
    last_service_on: c.last_service_on,
    since_service_distance_m: round(c.since_service_distance_m, 1),
    since_service_moving_time_s: Math.round(c.since_service_moving_time_s),
    wear_pct: wear.pct,
    wear_state: wear.state,
    created_at: new Date(c.created_at).toISOString(),
  };
}

export function presentMaintenance(m: MaintenanceRow) {
  return {
    id: m.id,
    bike_id: m.bike_id,
    component_id: m.component_id,
    performed_on: m.performed_on,
    what: m.what,
    notes: m.notes,
    cost: m.cost,
    created_at: m.created_at.toISOString(),
  };
}
