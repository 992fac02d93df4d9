import { describe, expect, it } from 'vitest';
import { bike } from '../../test/answers/bikes';
import { fail, inTurn, PENDING, renderScreen, screen, within } from '../../test/render';
import { ProfileScreen } from './ProfileScreen';

const route = { route: '/profile' };
const subscription = {
  tier: 'free',
  status: 'active',
  created_at: '2026-01-10T08:00:00.000Z',
  updated_at: '2026-01-10T08:00:00.000Z',
};

describe('ProfileScreen', () => {
  it('says the plan and the bikes are loading while they have not answered', async () => {
    await renderScreen(<ProfileScreen />, {
      ...route,
      answers: { '/subscription': PENDING, '/bikes': PENDING },
    });
    expect(await screen.findByTestId('subscription')).toHaveTextContent('Loading...');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows why the bikes failed with Retry, and Retry asks again and lists them', async () => {
    const { user, requests } = await renderScreen(<ProfileScreen />, {
      ...route,
      answers: { '/subscription': subscription, '/bikes': inTurn(fail(500, 'INTERNAL'), [bike()]) },
    });
    expect(await screen.findByText('Internal server error. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('bike-list')).toHaveTextContent('Tarmac');
    expect(requests.filter((r) => r.path === '/bikes')).toHaveLength(2);
  });

  it('says why the plan could not be read', async () => {
    await renderScreen(<ProfileScreen />, {
      ...route,
      answers: { '/subscription': fail(503, 'DATABASE_UNAVAILABLE'), '/bikes': [] },
    });
    const plan = await screen.findByTestId('subscription');
    await within(plan).findByText(/database/i);
  });

  it('says the rider has no bikes yet', async () => {
    await renderScreen(<ProfileScreen />, {
      ...route,
      answers: { '/subscription': subscription, '/bikes': [] },
    });
    expect(await screen.findByText("You haven't added any bikes yet.")).toBeInTheDocument();
  });

  it('shows the rider’s name, plan and bikes', async () => {
    await renderScreen(<ProfileScreen />, {
      ...route,
      answers: { '/subscription': subscription, '/bikes': [bike()] },
    });
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Ana García');
    expect(await within(screen.getByTestId('subscription')).findByText('Free (beta)')).toBeInTheDocument();
    expect(await screen.findByTestId('bike-list')).toHaveTextContent('Tarmac');
  });

  it('speaks Spanish: the plan and the empty garage', async () => {
    await renderScreen(<ProfileScreen />, {
      ...route,
      language: 'es',
      answers: { '/subscription': subscription, '/bikes': [] },
    });
    expect(
      await within(await screen.findByTestId('subscription')).findByText('Gratis (beta)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Todavía no has añadido ninguna bicicleta.')).toBeInTheDocument();
  });
});
