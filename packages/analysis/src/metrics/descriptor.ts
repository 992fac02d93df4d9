import type { ChannelName } from '../streams/activity-streams.ts';

/**
 * Evidence grade, as GoldenCheetah's `RideMetric.h` grades validity:
 * 0 unreliable · 1 product rule or heuristic without published support · 2 widely used, weakly
 * supported · 3 useful: published and peer reviewed · 4 established standard · 5 high: a direct
 * measurement.
 */
export type Evidence = 0 | 1 | 2 | 3 | 4 | 5;

export interface MetricDescriptor {
  /** Stable id, never translated and never shown; the label lives in the web app's locales. */
  readonly id: string;
  /** Unit symbol, or '' for a dimensionless number, or 'label' for a state id. */
  readonly unit: string;
  /** Whether it describes one ride (or selection) or the rider over many days. */
  readonly scope: 'ride' | 'rider';
  /** Stream channels it cannot be computed without. */
  readonly requires: readonly ChannelName[];
  /** Explicit parameters the caller must pass (never defaulted inside the function). */
  readonly params: readonly string[];
  readonly evidence: Evidence;
  /** Where the formula comes from. */
  readonly source: string;
  /** The exported function that computes it. */
  readonly fn: string;
}

export const COGGAN = 'Allen & Coggan, Training and Racing with a Power Meter';
export const FRIEL = 'Friel, The Cyclist’s Training Bible; GoldenCheetah AerobicDecoupling.cpp';
export const SPEC = 'Vatio spec (product rule)';
