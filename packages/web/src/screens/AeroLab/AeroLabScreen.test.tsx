import { aeroFitResponseSchema } from '@vatio/schemas';
import { describe, expect, it, vi } from 'vitest';
import { activityPage, ride, rideDetail } from '../../test/answers/activities';
import { fail, PENDING, renderScreen, screen, waitFor } from '../../test/render';
import { AeroLabScreen } from './AeroLabScreen';

// uPlot needs a canvas jsdom does not have; the chart is not what these tests read.
vi.mock('./AeroLabChart', () => ({ AeroLabChart: () => <div data-testid="aero-chart" /> }));

const rides = activityPage([ride(), ride({ id: 'a-2', name: 'Coast ride' })]);

describe('AeroLabScreen', () => {
  it('asks the rider to pick a ride when none is chosen, and lists their latest rides', async () => {
    await renderScreen(<AeroLabScreen />, {
      route: '/analytics/aero-lab',
      answers: { '/activities': rides },
    });
    expect(await screen.findByText(/Pick a ride with power, speed and elevation/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Coast ride/ })).toBeInTheDocument();
  });

  it('says no rides were found when the rider has none', async () => {
    await renderScreen(<AeroLabScreen />, {
      route: '/analytics/aero-lab',
      answers: { '/activities': activityPage([]) },
    });
    expect(await screen.findByText('No rides found')).toBeInTheDocument();
  });

  it('shows a loading placeholder while the picked ride’s fit has not answered', async () => {
    const { user, requests } = await renderScreen(<AeroLabScreen />, {
      route: '/analytics/aero-lab',
      answers: {
        '/activities': rides,
        '/activities/:id': rideDetail(),
        'POST /activities/:id/aero-fit': PENDING,
      },
    });
    await user.click(await screen.findByRole('button', { name: /Sierra loop/ }));
    expect(await screen.findByRole('status', { name: 'Loading the ride…' })).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.path === '/activities/a-1/aero-fit')).toBe(true));
  });

  it('says why a ride cannot be fitted when it lacks power, speed or elevation', async () => {
    await renderScreen(<AeroLabScreen />, {
      route: '/analytics/aero-lab?activity=a-1',
      path: '/analytics/aero-lab',
      answers: {
        '/activities': rides,
        '/activities/:id': rideDetail(),
        'POST /activities/:id/aero-fit': fail(422, 'AERO_DATA_MISSING'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This ride has no power, speed or elevation to compute a virtual elevation from.',
    );
  });

  it('speaks Spanish: the invitation to pick a ride and the error', async () => {
    await renderScreen(<AeroLabScreen />, {
      route: '/analytics/aero-lab?activity=a-1',
      path: '/analytics/aero-lab',
      language: 'es',
      answers: {
        '/activities': rides,
        '/activities/:id': rideDetail(),
        'POST /activities/:id/aero-fit': fail(422, 'AERO_DATA_MISSING'),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Laboratorio aerodinámico' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).not.toHaveTextContent('This ride');
  });

  it('names an impossible least-squares fit and says the sliders could not start at it', async () => {
    // The 2026 road fixture's whole-ride fit: CdA −0.149 m², Crr 0.0289 (r² 0.99); the CdA slider
    // stops at 0.1 m², so the lab used to start there under "Started at the least-squares fit".
    const n = 60;
    const flat = (v: number) => Array.from({ length: n }, () => v);
    const start = aeroFitResponseSchema.parse({
      activity_id: 'a-1',
      parameters: {
        cda_m2: -0.14895881045311174,
        crr: 0.028884537195152098,
        cda_source: 'fit',
        bike_id: null,
        mass_kg: 81,
        mass_source: 'rider',
        rider_kg: 72,
        rider_kg_source: 'nearest',
        rider_kg_from: '2026-11-30',
        bike_kg: null,
        drivetrain_efficiency: 0.976,
        air_density_kg_m3: 1.179,
        air_density_source: 'recorded',
        wind_mps: 0,
        lap: null,
        start_s: 0,
        end_s: n,
      },
      fit: null,
      rmse_m: 9.14,
      samples_used: n,
      series: {
        step_s: 1,
        time_s: Array.from({ length: n }, (_, i) => i),
        distance_m: null,
        virtual_elevation_m: flat(100),
        recorded_elevation_m: flat(100),
      },
      samples: {
        start_s: 0,
        gap: flat(0),
        power_w: flat(200),
        speed_mps: flat(8),
        altitude_m: flat(100),
        air_density_kg_m3: flat(1.179),
      },
    });
    await renderScreen(<AeroLabScreen />, {
      route: '/analytics/aero-lab?activity=a-1',
      path: '/analytics/aero-lab',
      answers: {
        '/activities': rides,
        '/activities/:id': rideDetail(),
        'POST /activities/:id/aero-fit': start,
      },
    });
    const note = await screen.findByTestId('aero-implausible');
    expect(note).toHaveTextContent(
      'The least-squares fit of this selection, CdA -0.149 m² and Crr 0.0289, is impossible for a rider on a bike (CdA under 0.15 m²; Crr over 0.015)',
    );
    expect(note).toHaveTextContent('The sliders cannot reach it');
  });
});
