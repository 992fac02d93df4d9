import { describe, expect, it } from 'vitest';
import { activityPage, ride, rideDetail } from '../../test/answers/activities';
import { fail, PENDING, renderScreen, screen, waitFor } from '../../test/render';
import { AeroLabScreen } from './AeroLabScreen';

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
});
