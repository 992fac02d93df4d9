// The aero lab's pure parts: the sliders' ranges and the curve the browser draws, with the SAME
// function the server answers with (@vatio/analysis aeroLabDrawn on the samples it sent), so moving
// a slider shows exactly what POST /api/activities/:id/aero-fit would return for those values.
import {
  type AeroLabParams,
  aeroLabDrawn,
  aeroLabSamplesFromJson,
  type AeroLabSamples,
} from '@vatio/analysis';
import {
  AERO_LAB_AIR_DENSITY,
  AERO_LAB_CDA_M2,
  AERO_LAB_CRR,
  AERO_LAB_MASS_KG,
  AERO_LAB_WIND_MPS,
  type AeroFitResponse,
} from '@vatio/schemas';

export interface LabValues {
  cdaM2: number;
  crr: number;
  massKg: number;
  /** null: the recorded per-second air density. */
  airDensityKgM3: number | null;
  windMps: number;
}

/** Slider ranges and steps (the API's bounds, `@vatio/schemas` aero-lab.ts). */
export const SLIDERS = {
  cdaM2: { ...AERO_LAB_CDA_M2, step: 0.001 },
  crr: { ...AERO_LAB_CRR, step: 0.0001 },
  massKg: { ...AERO_LAB_MASS_KG, step: 0.1 },
  airDensityKgM3: { ...AERO_LAB_AIR_DENSITY, step: 0.001 },
  windMps: { ...AERO_LAB_WIND_MPS, step: 0.1 },
} as const;

/**
 * Within the slider's range and on its step, so the state is exactly what the range input shows (and
 * what a request with the shown values computes).
 */
export const clamp = (v: number, range: { min: number; max: number; step: number }) => {
  const decimals = Math.max(0, Math.round(-Math.log10(range.step)));
  return Number(Math.min(range.max, Math.max(range.min, v)).toFixed(decimals));
};

/** The sliders' starting values: the parameters the server used (bike, fit or given). */
export function initialValues(response: AeroFitResponse): LabValues {
  const p = response.parameters;
  return {
    cdaM2: clamp(p.cda_m2, SLIDERS.cdaM2),
    crr: clamp(p.crr, SLIDERS.crr),
    massKg: clamp(p.mass_kg, SLIDERS.massKg),
    airDensityKgM3:
      p.air_density_source === 'recorded' ? null : clamp(p.air_density_kg_m3, SLIDERS.airDensityKgM3),
    windMps: clamp(p.wind_mps, SLIDERS.windMps),
  };
}

export function samplesOf(response: AeroFitResponse): AeroLabSamples | undefined {
  return response.samples ? aeroLabSamplesFromJson(response.samples) : undefined;
}

export function labParams(values: LabValues, drivetrainEfficiency: number): AeroLabParams {
  return {
    cdaM2: values.cdaM2,
    crr: values.crr,
    systemMassKg: values.massKg,
    drivetrainEfficiency,
    airDensityKgM3: values.airDensityKgM3 ?? undefined,
    windMps: values.windMps,
  };
}

/** The browser's curve for the values: what the server would answer for them. */
export function browserCurve(samples: AeroLabSamples, values: LabValues, drivetrainEfficiency: number) {
  return aeroLabDrawn(samples, labParams(values, drivetrainEfficiency));
}

/** The body that asks the server for the same curve (or, with `fit`, fits CdA and Crr at these conditions). */
export function requestFor(values: LabValues, lap: number | null, fit = false) {
  return {
    ...(fit ? { fit: true } : { cda_m2: values.cdaM2, crr: values.crr }),
    mass_kg: values.massKg,
    ...(values.airDensityKgM3 === null ? {} : { air_density_kg_m3: values.airDensityKgM3 }),
    wind_mps: values.windMps,
    ...(lap === null ? {} : { lap }),
  };
}
