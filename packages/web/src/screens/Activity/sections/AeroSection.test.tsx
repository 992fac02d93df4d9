import { describe, expect, it } from 'vitest';
import type { ActivityAnalysis } from '../../../api/activity-types';
import { renderScreen, screen } from '../../../test/render';
import { AeroSection } from './AeroSection';

/** The aero fit the server gave for the Edge 810 road ride (garmin-edge-810-vector-road-1h18). */
const aero = {
  cda_m2: 0.039,
  crr: 0.0366,
  rmse_m: 18.29,
  r2: 0.995,
  rating: 'implausible',
  implausible: ['cda_low', 'crr_high'],
  air_density_kg_m3: 1.188,
  assumptions: {
    rider_kg: 72,
    rider_kg_source: 'settings',
    bike_kg: 9,
    bike_kg_source: 'default',
    temperature_c: 19.3,
    temperature_source: 'recorded',
    humidity_pct: 0,
    pressure_hpa: 997,
  },
};
const analysis = { aero } as unknown as ActivityAnalysis;

describe('AeroSection, an implausible fit', () => {
  it('gives its two reasons as one sentence in English', async () => {
    await renderScreen(<AeroSection analysis={analysis} />, {});
    const text = (await screen.findByTestId('aero-implausible')).textContent ?? '';
    expect(text).toContain('(about 0.18 m²) and a Crr over 0.015 is more than a tyre on gravel. The fit');
    expect(text).not.toMatch(/\. a /);
  });

  it('shows no CdA or Crr, and names the fitted values in the explanation', async () => {
    await renderScreen(<AeroSection analysis={analysis} />, {});
    const section = await screen.findByTestId('aero');
    const values = [...section.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(values.slice(0, 2)).toEqual(['—', '—']);
    const text = (await screen.findByTestId('aero-implausible')).textContent ?? '';
    expect(text).toContain('The fit gave CdA 0.039 m² and Crr 0.0366, values physically impossible');
  });

  it('and in Spanish', async () => {
    await renderScreen(<AeroSection analysis={analysis} />, { language: 'es' });
    const text = (await screen.findByTestId('aero-implausible')).textContent ?? '';
    expect(text).toContain(
      '(unos 0,18 m²) y un Crr por encima de 0,015 es más que el de una cubierta sobre grava. El ajuste',
    );
  });
});
