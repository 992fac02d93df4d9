/** The readable summary of `vatio analyze` (English, with units): one labelled line per family. */
import type { AnalyzeReport, ZoneReport } from './analyze-report.ts';

/** h:mm:ss, or m:ss under an hour. */
export function clock(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A duration label for curve points: 5 s, 1 min, 1 h 30 min. */
export function durationLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function n(value: number | null, digits = 0, unit = ''): string {
  if (value === null) return '—';
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

function line(label: string, parts: ReadonlyArray<string | undefined>): string {
  const text = parts.filter((p): p is string => p !== undefined).join(' · ');
  return `${label.padEnd(10)}${text}`;
}

const FTP_SOURCE_LABEL = { flag: 'from --ftp', file: 'recorded in the file', estimate: 'estimated' } as const;
const FTP_METHOD_LABEL: Record<string, string> = {
  'best-20-min-95': '95 % of best 20 min',
  'cp-2p': 'CP, 2-parameter envelope (GoldenCheetah)',
  'cp-3p': 'CP, 3-parameter fit (Morton)',
  'spec-prototype-rule': "spec's prototype rule",
};

function zoneLine(label: string, zones: readonly ZoneReport[]): string | undefined {
  const total = zones.reduce((s, z) => s + z.time_s, 0);
  if (zones.length === 0 || total === 0) return undefined;
  return line(
    label,
    zones.map((z) => `Z${z.zone} ${clock(z.time_s)} (${Math.round((100 * z.time_s) / total)} %)`),
  );
}

/** The summary as lines of text, without a trailing newline. */
export function formatAnalyzeText(r: AnalyzeReport): string {
  const p = r.power;
  const hr = r.heart_rate;
  const out: string[] = [];
  const when = `${r.start_time.slice(0, 16).replace('T', ' ')} UTC`;
  out.push(
    line('Ride', [
      r.file,
      when,
      `${r.format.toUpperCase()} ${r.sport}${r.sub_sport ? `/${r.sub_sport}` : ''}`,
      r.device ?? undefined,
    ]),
  );
  out.push(line('Time', [`${clock(r.moving_time_s)} moving`, `${clock(r.elapsed_time_s)} elapsed`]));
  out.push(
    line('Distance', [
      r.distance_m === null ? '—' : `${(r.distance_m / 1000).toFixed(2)} km`,
      r.elevation_gain_m === null
        ? undefined
        : `${Math.round(r.elevation_gain_m)} m climbed (${r.elevation_gain_source === 'device' ? "device's" : 'estimated'})`,
    ]),
  );
  if (p.average_w === null) {
    out.push(line('Power', ['no power data']));
  } else {
    out.push(
      line('Power', [
        `avg ${n(p.average_w, 0, 'W')}`,
        `NP ${n(p.normalized_w, 0, 'W')}`,
        `max ${n(p.max_w, 0, 'W')}`,
        `VI ${n(p.variability_index, 2)}`,
        `work ${n(p.work_kj, 0, 'kJ')}`,
        p.w_per_kg === null ? undefined : `${p.w_per_kg.toFixed(2)} W/kg`,
      ]),
    );
    out.push(
      line('Load', [
        p.ftp_w === null
          ? 'FTP unknown'
          : `FTP ${n(p.ftp_w, 0, 'W')} (${FTP_SOURCE_LABEL[p.ftp_source ?? 'estimate']})`,
        `IF ${n(p.intensity_factor, 3)}`,
        `TSS ${n(p.training_stress_score, 1)}`,
      ]),
    );
  }
  if (hr.average_bpm !== null) {
    out.push(
      line('Heart', [
        `avg ${n(hr.average_bpm, 0, 'bpm')}`,
        `max ${n(hr.max_bpm, 0, 'bpm')}`,
        hr.decoupling_pct === null ? undefined : `Pw:Hr ${n(hr.decoupling_pct, 1, '%')}`,
        hr.efficiency_factor === null ? undefined : `EF ${n(hr.efficiency_factor, 2, 'W/bpm')}`,
      ]),
    );
  }
  if (r.cadence.average_rpm !== null)
    out.push(line('Cadence', [`avg ${n(r.cadence.average_rpm, 0, 'rpm')}`]));
  const pedal = r.pedaling;
  if (pedal.left_balance_pct !== null || pedal.torque_effectiveness_pct !== null) {
    out.push(
      line('Pedalling', [
        pedal.left_balance_pct === null
          ? undefined
          : `L/R ${pedal.left_balance_pct.toFixed(1)}/${(100 - pedal.left_balance_pct).toFixed(1)} %`,
        pedal.torque_effectiveness_pct === null
          ? undefined
          : `TE ${n(pedal.torque_effectiveness_pct, 1, '%')}`,
        pedal.pedal_smoothness_pct === null ? undefined : `PS ${n(pedal.pedal_smoothness_pct, 1, '%')}`,
      ]),
    );
  }
  if (r.power_curve.length > 0) {
    const shown = r.power_curve.filter((c) => [5, 60, 300, 1200, 3600].includes(c.duration_s));
    out.push(
      line(
        'Best',
        shown.map((c) => `${durationLabel(c.duration_s)} ${Math.round(c.power_w)} W`),
      ),
    );
  }
  if (r.ftp_estimates.length > 0) {
    out.push(
      line(
        'FTP est.',
        r.ftp_estimates.map((e) =>
          e.implausible?.length
            ? // A fit outside the physiological bounds is not a number to use: say why, show none.
              `${FTP_METHOD_LABEL[e.method] ?? e.method} — (rejected: ${e.implausible.join(', ')})`
            : `${FTP_METHOD_LABEL[e.method] ?? e.method} ${Math.round(e.ftp_w)} W (confidence ${e.confidence.toFixed(2)})`,
        ),
      ),
    );
  }
  const powerZones = zoneLine('Zones W', r.zones.power);
  if (powerZones) out.push(powerZones);
  const heartZones = zoneLine('Zones HR', r.zones.heart_rate);
  if (heartZones) out.push(heartZones);
  else if (hr.average_bpm !== null) out.push(line('Zones HR', ['give --max-hr BPM for heart-rate zones']));
  const a = r.aero;
  if (a.cda_m2 !== null) {
    const mass = `${n(a.system_mass_kg, 0, 'kg')} system${a.rider_mass_source === 'assumed' ? ', rider weight assumed' : ''}`;
    out.push(
      line('Aero', [
        `CdA ${n(a.cda_m2, 3, 'm²')}`,
        `Crr ${n(a.crr, 4)}`,
        `fit R² ${n(a.fit_quality, 2)}`,
        `RMSE ${n(a.rmse_m, 1, 'm')}`,
        mass,
        a.plausible === false
          ? 'not plausible: braking, wind or drafting; fit a steady loop instead'
          : undefined,
      ]),
    );
  }
  if (r.rider.vo2max_ml_kg_min !== null) {
    out.push(line('Rider', [`VO2max ≈ ${n(r.rider.vo2max_ml_kg_min, 0, 'ml/kg/min')} (ACSM, best 5 min)`]));
  }
  if (r.climbs.length > 0) {
    const shown = r.climbs
      .slice(0, 5)
      .map(
        (c) =>
          `${(c.length_m / 1000).toFixed(1)} km at ${c.average_grade_pct.toFixed(1)} % (+${Math.round(c.gain_m)} m${c.category === 'uncategorized' ? '' : `, ${c.category}`})`,
      );
    out.push(line('Climbs', [`${r.climbs.length}`, ...shown, r.climbs.length > 5 ? '…' : undefined]));
  }
  if (r.laps.length > 0) {
    out.push(
      line(
        'Laps',
        r.laps.map(
          (l) =>
            `${l.index}: ${clock(l.moving_time_s)}${l.average_w === null ? '' : ` ${Math.round(l.average_w)} W`}`,
        ),
      ),
    );
  }
  const d = Object.fromEntries(
    Object.entries(r.device_summary).map(([k, v]) => [k, Math.round(v * 1000) / 1000]),
  ) as Record<string, number>;
  if (d.normalized_w !== undefined || d.average_w !== undefined) {
    out.push(
      line('Device', [
        d.average_w === undefined ? undefined : `avg ${d.average_w} W`,
        d.normalized_w === undefined ? undefined : `NP ${d.normalized_w} W`,
        d.training_stress_score === undefined ? undefined : `TSS ${d.training_stress_score}`,
        d.intensity_factor === undefined ? undefined : `IF ${d.intensity_factor}`,
        d.ftp_w === undefined ? undefined : `FTP ${d.ftp_w} W`,
        '(as the device recorded them)',
      ]),
    );
  }
  for (const warning of r.warnings) out.push(line('Note', [warning]));
  return out.join('\n');
}
