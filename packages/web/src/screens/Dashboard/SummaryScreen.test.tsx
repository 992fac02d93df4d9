import { describe, expect, it } from 'vitest';
import { activityPage, ride } from '../../test/answers/activities';
import { summaryEmpty, summaryWithRides } from '../../test/answers/dashboard';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor } from '../../test/render';
import { SummaryScreen } from './SummaryScreen';

const route = { route: '/dashboard/cycling' };

describe('SummaryScreen', () => {
  it('shows a loading placeholder while the summary has not answered', async () => {
    await renderScreen(<SummaryScreen />, { ...route, answers: { '/dashboard/summary': PENDING } });
    expect(await screen.findByRole('status', { name: 'Loading dashboard...' })).toBeInTheDocument();
  });

  it('shows the error, and Retry asks again and shows the cards', async () => {
    const { user, requests } = await renderScreen(<SummaryScreen />, {
      ...route,
      answers: { '/dashboard/summary': inTurn(fail(500), summaryWithRides) },
    });
    expect(await screen.findByTestId('dashboard-error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('summary-ftp')).toHaveTextContent('250');
    expect(requests.filter((r) => r.path === '/dashboard/summary')).toHaveLength(2);
  });

  it('asks for the 30-day period by default and for 90 days when the rider picks it', async () => {
    const { user, requests } = await renderScreen(<SummaryScreen />, {
      ...route,
      answers: { '/dashboard/summary': summaryWithRides },
    });
    await screen.findByTestId('summary-ftp');
    expect(requests.find((r) => r.path === '/dashboard/summary')?.query.get('period')).toBe('30d');
    await user.click(screen.getByTestId('period-90d'));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.path === '/dashboard/summary').map((r) => r.query.get('period')),
      ).toEqual(['30d', '90d']),
    );
  });

  it('tells a rider without rides in the period that there are none, with no power figures', async () => {
    await renderScreen(<SummaryScreen />, {
      ...route,
      answers: { '/dashboard/summary': summaryEmpty, '/activities': activityPage([]) },
    });
    expect(await screen.findByTestId('summary-range')).toHaveTextContent('0 rides');
    expect(screen.getByTestId('summary-avg-power')).toHaveTextContent('—');
  });

  it('says once that the period has no rides, and when the latest ride was', async () => {
    await renderScreen(<SummaryScreen />, {
      ...route,
      answers: {
        '/dashboard/summary': summaryEmpty,
        '/activities': activityPage([ride({ start_date: '2024-03-12T08:00:00.000Z' })]),
      },
    });
    expect(await screen.findByTestId('archive-hint')).toHaveTextContent('Your latest ride was on');
    expect(screen.getAllByText(/No rides in this period/)).toHaveLength(1);
  });

  it('shows the four cards and the tabs with the period rides', async () => {
    await renderScreen(<SummaryScreen />, { ...route, answers: { '/dashboard/summary': summaryWithRides } });
    expect(await screen.findByTestId('summary-avg-power')).toHaveTextContent('190');
    expect(screen.getByTestId('summary-hr')).toHaveTextContent('148');
    expect(screen.getByRole('tab', { name: 'Zones' })).toBeInTheDocument();
  });

  it('writes the summary in Spanish with decimal commas', async () => {
    await renderScreen(<SummaryScreen />, {
      ...route,
      language: 'es',
      answers: { '/dashboard/summary': summaryWithRides },
    });
    await screen.findByTestId('summary-tss');
    expect(screen.getByText(/0,84/)).toBeInTheDocument();
  });
});
