import { describe, expect, it } from 'vitest';
import { dashboardEmpty, dashboardWithRides } from '../../test/answers/dashboard';
import { fail, inTurn, PENDING, renderScreen, screen } from '../../test/render';
import { DashboardScreen } from './DashboardScreen';

const route = { route: '/dashboard' };

describe('DashboardScreen', () => {
  it('says it is loading while the dashboard has not answered', async () => {
    await renderScreen(<DashboardScreen />, { ...route, answers: { '/dashboard': PENDING } });
    expect(await screen.findByTestId('dashboard-loading')).toHaveTextContent('Loading dashboard');
  });

  it('shows the error with Retry, and Retry asks again and shows the rides', async () => {
    const { user, requests } = await renderScreen(<DashboardScreen />, {
      ...route,
      answers: { '/dashboard': inTurn(fail(500), dashboardWithRides) },
    });
    expect(await screen.findByTestId('dashboard-error')).toHaveTextContent('Failed to load dashboard');
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('tab', { name: 'Recent Activities' })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/dashboard')).toHaveLength(2);
  });

  it('says the database is away when the server answers DATABASE_UNAVAILABLE', async () => {
    await renderScreen(<DashboardScreen />, {
      ...route,
      answers: { '/dashboard': fail(503, 'DATABASE_UNAVAILABLE') },
    });
    expect(await screen.findByTestId('dashboard-error')).not.toHaveTextContent('Failed to load dashboard');
  });

  it('shows the empty state and the next steps to a rider without rides', async () => {
    await renderScreen(<DashboardScreen />, { ...route, answers: { '/dashboard': dashboardEmpty } });
    expect(await screen.findByTestId('dashboard-empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /bike/i })).toHaveAttribute('href', '/profile#bikes');
  });

  it('greets the rider by name and lists their recent rides', async () => {
    const { user } = await renderScreen(<DashboardScreen />, {
      ...route,
      answers: { '/dashboard': dashboardWithRides },
    });
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Ana');
    await user.click(await screen.findByRole('tab', { name: 'Recent Activities' }));
    expect(await screen.findByText('Sierra loop')).toBeInTheDocument();
  });

  it('speaks Spanish to a Spanish rider', async () => {
    await renderScreen(<DashboardScreen />, {
      ...route,
      language: 'es',
      answers: { '/dashboard': inTurn(fail(500), dashboardWithRides) },
    });
    expect(await screen.findByRole('button', { name: /reintentar/i })).toBeInTheDocument();
  });
});
