import { describe, expect, it } from 'vitest';
import { comparativeEmpty, comparativeWithRide } from '../../test/answers/comparative';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor } from '../../test/render';
import { ComparativeScreen } from './ComparativeScreen';

const route = { route: '/analytics/comparative' };
const others = { '/analytics/compare': PENDING, '/analytics/evolution': PENDING };

describe('ComparativeScreen', () => {
  it('shows a loading placeholder while the comparison has not answered', async () => {
    await renderScreen(<ComparativeScreen />, {
      ...route,
      answers: { ...others, '/analytics/comparative': PENDING },
    });
    expect(
      await screen.findByRole('status', { name: 'Loading the comparative analysis…' }),
    ).toBeInTheDocument();
  });

  it('shows the error, and Retry asks again and shows the summary', async () => {
    const { user, requests } = await renderScreen(<ComparativeScreen />, {
      ...route,
      answers: { ...others, '/analytics/comparative': inTurn(fail(500), comparativeWithRide) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The comparative analysis could not be loaded.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('summary-rides')).toHaveTextContent('1');
    expect(requests.filter((r) => r.path === '/analytics/comparative')).toHaveLength(2);
  });

  it('says there are no rides in an empty period and shows no mean power', async () => {
    await renderScreen(<ComparativeScreen />, {
      ...route,
      answers: { ...others, '/analytics/comparative': comparativeEmpty },
    });
    expect(await screen.findByTestId('compare-empty')).toHaveTextContent('No rides in this period.');
    expect(screen.getByTestId('summary-power')).toHaveTextContent('—');
  });

  it('names the best ride of the period and asks for 12 weeks when picked', async () => {
    const { user, requests } = await renderScreen(<ComparativeScreen />, {
      ...route,
      answers: { ...others, '/analytics/comparative': comparativeWithRide },
    });
    expect(await screen.findByTestId('best-vs-latest')).toHaveTextContent('Sierra loop');
    await user.click(screen.getByTestId('period-12w'));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.path === '/analytics/comparative').map((r) => r.query.get('period')),
      ).toEqual(['4w', '12w']),
    );
  });

  it('speaks Spanish: the tabs and the empty period', async () => {
    await renderScreen(<ComparativeScreen />, {
      ...route,
      language: 'es',
      answers: { ...others, '/analytics/comparative': comparativeEmpty },
    });
    expect(await screen.findByTestId('compare-empty')).toHaveTextContent('No hay salidas en este periodo.');
    expect(screen.getByRole('tab', { name: 'Comparar Actividades' })).toBeInTheDocument();
  });
});
