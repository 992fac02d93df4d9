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
