import { workoutComplianceSchema } from '@vatio/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { rideDetail } from '../../test/answers/activities';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor } from '../../test/render';
import { ActivityRoute } from './ActivityRoute';

const at = { route: '/activities/a-1', path: '/activities/:id' };
/** A ride stored without streams (a summary-only Strava ride): no charts, no analysis to wait for. */
const noStreams = rideDetail({ has_streams: false, has_gps: false });
const common = { '/bikes': [], '/client-config': { map: null } };

describe('ActivityScreen (the ride page)', () => {
  // The route loads the page (and uPlot) lazily: load it once, so no test waits on the transform.
  beforeAll(() => import('./ActivityScreen'), 30_000);

  it("shows how the ride followed its day's planned workout, with a way to the plan", async () => {
    const compliance = workoutComplianceSchema.parse({
      activity_id: 'a-1',
      date: '2026-11-29',
      workout_ref: { source: 'library', id: 'sweet-spot-3x15' },
      score: 87.4,
      unavailable: null,
      duration_ratio: 1.002,
      tss_ratio: 0.948,
      in_target_fraction: 0.921,
      planned_duration_s: 6000,
      ride_duration_s: 6012,
      planned_tss: 98.5,
      ride_tss: 94.1,
      steps: [],
    });
    await renderScreen(<ActivityRoute />, {
      ...at,
      language: 'es',
      answers: {
        ...common,
        '/activities/:id': { ...noStreams, plan_compliance: compliance },
        '/activities/:id/analysis': PENDING,
      },
    });
    const section = await screen.findByTestId('ride-plan-compliance');
    expect(section).toHaveTextContent('el entrenamiento previsto para el 29 de noviembre de 2026');
    // Whole percentages, as the plan's day shows them: 87.4 → 87, 0.921 → 92, 1.002 → 100, 0.948 → 95.
    const values = [...section.querySelectorAll('[data-testid="stat-value"]')].map((v) => v.textContent);
    expect(values).toEqual(['87 %', '92 %', '100 %', '95 %']);
    expect(screen.getByRole('link', { name: 'Abrir el plan' })).toHaveAttribute('href', '/training-plan');
  });

  it('says why a ride without power cannot be compared with its planned workout', async () => {
    const compliance = workoutComplianceSchema.parse({
      activity_id: 'a-1',
      date: '2026-11-29',
      workout_ref: { source: 'own', id: 'w-1' },
      score: null,
      unavailable: 'noPower',
      duration_ratio: null,
      tss_ratio: null,
      in_target_fraction: null,
      planned_duration_s: 1500,
      ride_duration_s: null,
      planned_tss: null,
      ride_tss: null,
      steps: [],
    });
    await renderScreen(<ActivityRoute />, {
      ...at,
      answers: {
        ...common,
        '/activities/:id': { ...noStreams, plan_compliance: compliance },
        '/activities/:id/analysis': PENDING,
      },
    });
    expect(await screen.findByTestId('ride-plan-compliance')).toHaveTextContent(
      'The ride has no power data to compare with the plan.',
    );
  });

  it('a ride with power and no FTP (its eFTP window too thin, or emptied by a deletion) says "—" for IF and TSS, and why', async () => {
    await renderScreen(<ActivityRoute />, {
      ...at,
      answers: {
        ...common,
        '/activities/:id': {
          ...noStreams,
          ftp_w: null,
          ftp_source: 'none',
          intensity_factor: null,
          training_stress_score: null,
        },
        '/activities/:id/analysis': PENDING,
      },
    });
    const summary = await screen.findByTestId('ride-summary');
    const value = (label: string) =>
      [...summary.querySelectorAll('[data-testid="stat-value"]')].find((v) =>
        v.parentElement?.textContent?.startsWith(label),
      )?.textContent;
    expect(value('IF')).toBe('—');
    expect(value('TSS')).toBe('—');
    expect(summary).toHaveTextContent('IF and TSS need an FTP, and this ride has none');
    expect(summary).not.toHaveTextContent('Analysed with FTP');
  });

  it('says it is loading while the ride has not answered', async () => {
    await renderScreen(<ActivityRoute />, { ...at, answers: { ...common, '/activities/:id': PENDING } });
    expect(await screen.findByRole('status')).toHaveTextContent(/Loading/);
  });

  it('says the ride does not exist on a 404, without Retry', async () => {
    await renderScreen(<ActivityRoute />, {
      ...at,
      answers: { ...common, '/activities/:id': fail(404, 'NOT_FOUND') },
    });
    expect(await screen.findByText('This ride does not exist or is not yours.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows why the ride failed with Retry, and Retry asks again and shows it', async () => {
    const { user, requests } = await renderScreen(<ActivityRoute />, {
      ...at,
      answers: {
        ...common,
        '/activities/:id': inTurn(fail(500, 'INTERNAL', 'boom'), noStreams),
        '/activities/:id/analysis': PENDING,
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The ride could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sierra loop' })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/activities/a-1')).toHaveLength(2);
  });

  it('says a ride without streams has no detailed data, and asks for no streams', async () => {
    const { requests } = await renderScreen(<ActivityRoute />, {
      ...at,
      answers: { ...common, '/activities/:id': noStreams, '/activities/:id/analysis': PENDING },
    });
    expect(await screen.findByText('No detailed data available for this activity.')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/activities/a-1/streams')).toBe(false);
    // A ride the plan does not compare with a workout has no plan section.
    expect(screen.queryByTestId('ride-plan-compliance')).toBeNull();
  });

  it('shows the streams failure with a Retry that asks for them again', async () => {
    const { user, requests } = await renderScreen(<ActivityRoute />, {
      ...at,
      answers: {
        ...common,
        '/activities/:id': rideDetail({ has_streams: true, has_gps: false }),
        '/activities/:id/streams': inTurn(fail(500, 'INTERNAL', 'boom'), PENDING),
        '/activities/:id/analysis': PENDING,
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The ride's data could not be loaded: Internal server error",
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requests.filter((r) => r.path === '/activities/a-1/streams')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the ride while its analysis loads, then the analysis failure with a Retry that asks again', async () => {
    const { user, requests } = await renderScreen(<ActivityRoute />, {
      ...at,
      answers: {
        ...common,
        '/activities/:id': noStreams,
        '/activities/:id/analysis': inTurn(fail(500), PENDING),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent("The ride's analysis could not be loaded");
    expect(screen.getByRole('heading', { level: 1, name: 'Sierra loop' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/activities/a-1/analysis')).toHaveLength(2),
    );
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it('speaks Spanish on the ride page', async () => {
    await renderScreen(<ActivityRoute />, {
      ...at,
      language: 'es',
      answers: { ...common, '/activities/:id': fail(500) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la salida');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /volver|actividades/i })).toHaveAttribute('href', '/activities');
  });
});
