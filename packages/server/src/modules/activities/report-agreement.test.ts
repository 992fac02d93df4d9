/**
 * One ride, one set of numbers: every fixture (the vendored rides, and the shared corpus when present)
 * through `vatio analyze --json` (its report function) and through the real server (uploaded, imported
 * by the job, then `/api/activities/:id/analysis`), for a rider whose FTP, weight and maximum heart
 * rate are the same numbers the CLI is given. Every metric both show must agree, exactly or to the
 * coarser of the two roundings (issue 12 item 3: the import, the ride page and the CLI share
 * @vatio/analysis `rideReport`).
 */
import { PEDAL_PHASE_FIGURES } from '@vatio/analysis';
import { decodeActivity } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AnalyzeReport, buildAnalyzeReport } from '../../../../cli/src/analyze-report.ts';
import {
  FIXTURES_DIR,
  fixtureNames,
  readFixture,
  sharedCorpusExists,
} from '../../../../cli/src/test-support/fixtures.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';

const RIDER = { ftpW: 250, weightKg: 72, maxHrBpm: 190 } as const;
const SLOW = 900_000;

type Num = number | null | undefined;

/** The server's FTP source in `vatio analyze`'s words (`--ftp` is the rider's own value). */
const CLI_FTP_SOURCE: Record<string, string | null> = {
  settings: 'flag',
  file: 'file',
  estimated: 'estimate',
  none: null,
};

/** The ride page's answer, as much of it as this test reads. */
interface ServerAnalysis {
  settings_used: { ftp_w: Num; ftp_source: string; weight_kg: Num; max_hr_bpm: Num };
  summary: Record<string, Num>;
  power_curve: { duration_s: number; power_w: number }[];
  zones: {
    power: { zone: number; min_w: Num; max_w: Num; time_s: number }[];
    heart_rate: { zone: number; min_bpm: Num; max_bpm: Num; time_s: number }[];
  };
  decoupling: { pw_hr_pct: Num; first_half_ef: Num; second_half_ef: Num } | null;
  aero: {
    cda_m2: Num;
    crr: Num;
    rmse_m: Num;
    r2: Num;
    rating: string;
    air_density_kg_m3: Num;
    assumptions: { rider_kg: Num; bike_kg: Num };
  } | null;
  pedaling: Record<string, Num>;
  climbs: {
    start_s: number;
    end_s: number;
    length_m: Num;
    gain_m: Num;
    average_grade_pct: Num;
    vam_m_h: Num;
    category: string;
    average_power_w: Num;
  }[];
  ftp_estimates: { method: string; ftp_w: number; confidence: number }[];
}

/** Collects every disagreement of one ride, so a failure lists them all at once. */
class Comparison {
  readonly mismatches: string[] = [];
  compared = 0;

  /**
   * A number both show, the CLI's rounded to `cliDigits` and the server's to `serverDigits`: they agree
   * when both are absent, or when they differ by no more than the two roundings can make them differ.
   */
  number(label: string, cli: Num, server: Num, cliDigits: number, serverDigits: number): void {
    this.compared++;
    const a = cli ?? null;
    const b = server ?? null;
    if (a === null || b === null) {
      if (a !== b) this.mismatches.push(`${label}: cli ${a}, server ${b}`);
      return;
    }
    const tolerance = 0.5 * 10 ** -cliDigits + 0.5 * 10 ** -serverDigits + 1e-9;
    if (Math.abs(a - b) > tolerance) this.mismatches.push(`${label}: cli ${a}, server ${b}`);
  }

  same(label: string, cli: unknown, server: unknown): void {
    this.compared++;
    if (cli !== server) this.mismatches.push(`${label}: cli ${String(cli)}, server ${String(server)}`);
  }
}

function compare(cli: AnalyzeReport, server: ServerAnalysis): Comparison {
  const c = new Comparison();
  const s = server.summary;
  c.number('moving_time_s', cli.moving_time_s, s.moving_time_s, 1, 0);
  c.number('elapsed_time_s', cli.elapsed_time_s, s.elapsed_time_s, 1, 0);
  c.number('elevation_gain_m', cli.elevation_gain_m, s.elevation_gain_m, 1, 0);
  const p = cli.power;
  c.number('ftp_w', p.ftp_w, server.settings_used.ftp_w, 1, 0);
  c.same('ftp_source', p.ftp_source, CLI_FTP_SOURCE[server.settings_used.ftp_source]);
  c.number('average_power_w', p.average_w, s.average_power_w, 1, 1);
  c.number('max_power_w', p.max_w, s.max_power_w, 0, 0);
  c.number('normalized_power_w', p.normalized_w, s.normalized_power_w, 1, 1);
  c.number('x_power_w', p.x_power_w, s.x_power_w, 1, 1);
  c.number('variability_index', p.variability_index, s.variability_index, 3, 3);
  c.number('intensity_factor', p.intensity_factor, s.intensity_factor, 3, 3);
  c.number('training_stress_score', p.training_stress_score, s.training_stress_score, 1, 1);
  c.number('work_kj', p.work_kj, s.work_kj, 1, 0);
  c.number('watts_per_kg', p.w_per_kg, s.watts_per_kg, 2, 2);
  const hr = cli.heart_rate;
  c.number('average_heartrate_bpm', hr.average_bpm, s.average_heartrate_bpm, 1, 0);
  c.number('max_heartrate_bpm', hr.max_bpm, s.max_heartrate_bpm, 0, 0);
  c.number('efficiency_factor', hr.efficiency_factor, s.efficiency_factor, 3, 3);
  c.number('aerobic_decoupling_pct', hr.decoupling_pct, s.aerobic_decoupling_pct, 2, 2);
  c.number('heart_rate_drift_pct', hr.drift_pct, s.heart_rate_drift_pct, 2, 2);
  c.number('decoupling.pw_hr_pct', hr.decoupling_pct, server.decoupling?.pw_hr_pct, 2, 2);
  c.number('decoupling.first_half_ef', hr.first_half_ef, server.decoupling?.first_half_ef, 3, 3);
  c.number('decoupling.second_half_ef', hr.second_half_ef, server.decoupling?.second_half_ef, 3, 3);
  c.number('average_cadence_rpm', cli.cadence.average_rpm, s.average_cadence_rpm, 1, 0);
  for (const key of [
    'left_balance_pct',
    'torque_effectiveness_pct',
    'pedal_smoothness_pct',
    'cadence_variability_pct',
    'torque_variability_pct',
    'stability_index_pct',
    ...PEDAL_PHASE_FIGURES,
  ] as const) {
    c.number(`pedaling.${key}`, cli.pedaling[key], server.pedaling[key], 1, 1);
  }

  // The CLI's peak-power table at the durations the server's stored curve (0.1 W) also holds.
  const serverCurve = new Map(server.power_curve.map((point) => [point.duration_s, point.power_w]));
  for (const point of cli.power_curve) {
    if (serverCurve.has(point.duration_s)) {
      c.number(`power_curve ${point.duration_s} s`, point.power_w, serverCurve.get(point.duration_s), 1, 1);
    }
  }

  c.same('power zones', cli.zones.power.length, server.zones.power.length);
  cli.zones.power.forEach((z, k) => {
    const other = server.zones.power[k];
    c.number(`power zone ${z.zone} min`, z.min, other?.min_w, 1, 0);
    c.number(`power zone ${z.zone} max`, z.max, other?.max_w, 1, 0);
    c.same(`power zone ${z.zone} time_s`, z.time_s, other?.time_s);
  });
  c.same('heart-rate zones', cli.zones.heart_rate.length, server.zones.heart_rate.length);
  cli.zones.heart_rate.forEach((z, k) => {
    const other = server.zones.heart_rate[k];
    c.number(`heart-rate zone ${z.zone} min`, z.min, other?.min_bpm, 1, 0);
    c.number(`heart-rate zone ${z.zone} max`, z.max, other?.max_bpm, 1, 0);
    c.same(`heart-rate zone ${z.zone} time_s`, z.time_s, other?.time_s);
  });

  const a = server.aero;
  c.same('aero fitted', cli.aero.cda_m2 !== null, a !== null);
  c.number('aero.cda_m2', cli.aero.cda_m2, a?.cda_m2, 4, 3);
  c.number('aero.crr', cli.aero.crr, a?.crr, 5, 4);
  c.number('aero.r2', cli.aero.fit_quality, a?.r2, 3, 3);
  c.number('aero.rmse_m', cli.aero.rmse_m, a?.rmse_m, 2, 2);
  c.number('aero.air_density_kg_m3', cli.aero.air_density_kg_m3, a?.air_density_kg_m3, 4, 3);
  c.number(
    'aero system mass',
    cli.aero.system_mass_kg,
    a ? (a.assumptions.rider_kg ?? 0) + (a.assumptions.bike_kg ?? 0) : null,
    1,
    1,
  );
  if (a) c.same('aero plausible', cli.aero.plausible, a.rating !== 'implausible');

  c.same('climbs', cli.climbs.length, server.climbs.length);
  cli.climbs.forEach((climb, k) => {
    const other = server.climbs[k];
    const at = `climb ${k + 1}`;
    c.same(`${at} start_s`, climb.start_s, other?.start_s);
    c.same(`${at} end_s`, climb.end_s, other?.end_s);
    c.same(`${at} category`, climb.category, other?.category);
    c.number(`${at} length_m`, climb.length_m, other?.length_m, 1, 0);
    c.number(`${at} gain_m`, climb.gain_m, other?.gain_m, 1, 0);
    c.number(`${at} average_grade_pct`, climb.average_grade_pct, other?.average_grade_pct, 2, 1);
    c.number(`${at} vam`, climb.vam_m_per_h, other?.vam_m_h, 0, 0);
    c.number(`${at} average_power_w`, climb.average_power_w, other?.average_power_w, 1, 0);
  });

  // The ride's own FTP estimates (@vatio/analysis `ftpEstimates`): the same methods in the same order,
  // each with the same value and confidence.
  c.same(
    'ftp_estimates methods',
    cli.ftp_estimates.map((e) => e.method).join(','),
    server.ftp_estimates.map((e) => e.method).join(','),
  );
  cli.ftp_estimates.forEach((e, k) => {
    const other = server.ftp_estimates[k];
    c.number(`ftp estimate ${e.method} ftp_w`, e.ftp_w, other?.ftp_w, 1, 1);
    c.number(`ftp estimate ${e.method} confidence`, e.confidence, other?.confidence, 2, 2);
  });
  return c;
}

let h: Harness;

async function riderWithSettings(email: string, settings = true): Promise<SignedIn> {
  const rider = await h.signIn({ email });
  if (!settings) return rider;
  const saved = await h.app.inject({
    method: 'POST',
    url: '/api/athlete-settings',
    headers: rider.headers,
    payload: {
      effective_from: '2000-01-01',
      ftp_w: RIDER.ftpW,
      weight_kg: RIDER.weightKg,
      max_hr_bpm: RIDER.maxHrBpm,
    },
  });
  expect(saved.statusCode).toBe(201);
  return rider;
}

beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(async () => h?.close());

describe('vatio analyze and the ride page agree', () => {
  test(
    'on every metric both show, for every fixture',
    async () => {
      if (!sharedCorpusExists) {
        console.warn(
          `report agreement: shared fixture corpus not found at ${FIXTURES_DIR} (set VATIO_FIXTURES); comparing the vendored rides only`,
        );
      }
      const names = fixtureNames();
      const files = names.map((name) => ({ name, bytes: readFixture(name) }));
      // All files to one rider in one import. A file that is the same ride as another (a Strava export
      // of a head unit's ride, a damaged part of a complete file) is then imported alone, by a rider of
      // its own, so every file is compared with the ride the server stored from it.
      const activityOf = new Map<string, { id: string; rider: SignedIn }>();
      const refused: string[] = [];
      const importFor = async (email: string, batch: typeof files) => {
        const rider = await riderWithSettings(email);
        const result = await uploadAndWait(h.app, rider.headers, batch, SLOW);
        return { rider, result };
      };
      const first = await importFor('agreement@example.org', files);
      const ids = first.result.files.map((f) => f.activity_id);
      const again: typeof files = [];
      for (const file of first.result.files) {
        const stored = file.status === 'done' || file.status === 'recovered';
        const shared = ids.filter((id) => id === file.activity_id).length > 1;
        if (stored && file.activity_id && !shared && file.message_code !== 'REPLACED_DAMAGED') {
          activityOf.set(file.name, { id: file.activity_id, rider: first.rider });
        } else if (stored || file.status === 'duplicate') {
          again.push(files.find((f) => f.name === file.name)!);
        } else {
          refused.push(`${file.name}: ${file.status} ${file.message_code ?? ''} ${file.message ?? ''}`);
        }
      }
      for (const [k, file] of again.entries()) {
        const alone = await importFor(`agreement-${k}@example.org`, [file]);
        const result = alone.result.files[0]!;
        if (result.activity_id) activityOf.set(file.name, { id: result.activity_id, rider: alone.rider });
        else refused.push(`${file.name}: ${result.status} ${result.message_code ?? ''}`);
      }
      if (refused.length > 0)
        console.warn(`report agreement: not imported (not compared):\n${refused.join('\n')}`);

      const failures: Record<string, string[]> = {};
      let compared = 0;
      for (const { name, bytes } of files) {
        const stored = activityOf.get(name);
        if (!stored) continue;
        const cli = buildAnalyzeReport(decodeActivity(bytes, name), name, RIDER);
        const response = await h.app.inject({
          url: `/api/activities/${stored.id}/analysis`,
          headers: stored.rider.headers,
        });
        expect(response.statusCode).toBe(200);
        const comparison = compare(cli, response.json() as ServerAnalysis);
        compared += comparison.compared;
        if (comparison.mismatches.length > 0) failures[name] = comparison.mismatches;
      }
      console.info(
        `report agreement: ${activityOf.size} of ${files.length} fixtures, ${compared} values compared`,
      );
      expect(failures).toEqual({});
      expect(activityOf.size).toBeGreaterThanOrEqual(3);
    },
    SLOW,
  );

  test(
    "for a rider who gave nothing: the file's FTP, else the eFTP of the ride itself, and the assumed weight",
    async () => {
      // One ride per rider, so the server's 90-day eFTP window holds only the ride, as the CLI's does.
      const names = ['zwift-virtual-ride-30min-power.fit', 'garmin-edge-810-vector-road-1h18-power-laps.fit'];
      const sources: string[] = [];
      for (const [k, name] of names.entries()) {
        const rider = await riderWithSettings(`no-settings-${k}@example.org`, false);
        const bytes = readFixture(name);
        const result = await uploadAndWait(h.app, rider.headers, [{ name, bytes }], SLOW);
        const id = result.files[0]?.activity_id;
        expect(id, name).toBeTruthy();
        const server = (
          await h.app.inject({ url: `/api/activities/${id}/analysis`, headers: rider.headers })
        ).json() as ServerAnalysis;
        const cli = buildAnalyzeReport(decodeActivity(bytes, name), name, {});
        expect(compare(cli, server).mismatches, name).toEqual([]);
        sources.push(server.settings_used.ftp_source);
      }
      expect(sources).toEqual(['estimated', 'file']);
    },
    SLOW,
  );
});
