import type { AeroFit } from './virtual-elevation.ts';

/**
 * CdA a rider on a bicycle can have, m²: from about 0.17–0.20 (track pursuit, time-trial position) to
 * about 0.40 upright on the hoods and 0.6 sitting up on a city bike; Martin et al. 1998 (*J Appl
 * Biomech* 14:276, "Validation of a mathematical model for road cycling power") measured 0.269 m² in
 * the drops on a road bike.
 */
export const PLAUSIBLE_CDA_M2 = { min: 0.15, max: 0.6 } as const;

/**
 * Crr of bicycle tyres: about 0.002 (track tyres on wood) to about 0.01 on rough roads (Wilson,
 * *Bicycling Science*, 3rd ed. 2004, rolling-resistance tables), 0.0032 in Martin et al. 1998; 0.015
 * leaves room for gravel. A fit outside says the model is explaining something else (braking, wind,
 * drafting, a wrong mass or a bad altitude), not the tyres.
 */
export const PLAUSIBLE_CRR = { min: 0.001, max: 0.015 } as const;

/** Why a fit is physically impossible for a rider on a bike. */
export type AeroImplausibility = 'cda_low' | 'cda_high' | 'crr_low' | 'crr_high';

/** How far the fitted profile can be trusted; `implausible` whenever CdA or Crr is impossible. */
export type AeroFitRating = 'good' | 'fair' | 'poor' | 'implausible';

/** R² at or above which a plausible fit is rated good, and fair. */
export const AERO_R2_GOOD = 0.9;
export const AERO_R2_FAIR = 0.7;

/** Which physical bounds a fit breaks (empty when CdA and Crr are both plausible). */
export function aeroImplausibilities(fit: Pick<AeroFit, 'cdaM2' | 'crr'>): AeroImplausibility[] {
  const out: AeroImplausibility[] = [];
  if (!(fit.cdaM2 >= PLAUSIBLE_CDA_M2.min)) out.push('cda_low');
  if (!(fit.cdaM2 <= PLAUSIBLE_CDA_M2.max)) out.push('cda_high');
  if (!(fit.crr >= PLAUSIBLE_CRR.min)) out.push('crr_low');
  if (!(fit.crr <= PLAUSIBLE_CRR.max)) out.push('crr_high');
  // A NaN fails both of its bounds; one reason per parameter is enough.
  if (out.includes('cda_low') && out.includes('cda_high')) out.splice(out.indexOf('cda_high'), 1);
  if (out.includes('crr_low') && out.includes('crr_high')) out.splice(out.indexOf('crr_high'), 1);
  return out;
}

/**
 * The rating a fit is shown with. A high R² says only that the profile was tracked, not that the
 * numbers are physical: with CdA and Crr free, a ride whose power, mass or altitude is off can be
 * tracked closely by impossible values (CdA 0.048 m² with Crr 0.0347 at R² 1.00). So an implausible
 * CdA or Crr rates `implausible` whatever the R², and only a plausible fit is rated by R²
 * (≥ 0.9 good, ≥ 0.7 fair, else poor).
 */
export function rateAeroFit(fit: Pick<AeroFit, 'cdaM2' | 'crr' | 'r2'>): {
  rating: AeroFitRating;
  implausible: AeroImplausibility[];
} {
  const implausible = aeroImplausibilities(fit);
  if (implausible.length > 0) return { rating: 'implausible', implausible };
  const rating = fit.r2 >= AERO_R2_GOOD ? 'good' : fit.r2 >= AERO_R2_FAIR ? 'fair' : 'poor';
  return { rating, implausible };
}
