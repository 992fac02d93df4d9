import { describe, expect, it } from 'vitest';
import { narrativeEmpty, narrativeWithRides } from '../../test/answers/dashboard';
import { fail, inTurn, PENDING, renderScreen, screen } from '../../test/render';
import { NarrativeScreen } from './NarrativeScreen';

const route = { route: '/dashboard/narrative' };

describe('NarrativeScreen', () => {
  it('says it is loading while the narrative has not answered', async () => {
    await renderScreen(<NarrativeScreen />, { ...route, answers: { '/dashboard/narrative': PENDING } });
    expect(await screen.findByTestId('dashboard-loading')).toBeInTheDocument();
  });

  it('shows the error after its one automatic retry, and Retry asks again and shows the progress', async () => {
    const { user, requests } = await renderScreen(<NarrativeScreen />, {
      ...route,
      answers: { '/dashboard/narrative': inTurn(fail(500), fail(500), narrativeWithRides) },
    });
    expect(await screen.findByTestId('dashboard-error', {}, { timeout: 3000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('narrative-title')).toHaveTextContent('Your Progress');
    expect(await screen.findByRole('region', { name: /metric/i })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/dashboard/narrative')).toHaveLength(3);
  });

  it('shows the empty state to a rider without rides', async () => {
    await renderScreen(<NarrativeScreen />, {
      ...route,
      answers: { '/dashboard/narrative': narrativeEmpty },
    });
    expect(await screen.findByTestId('dashboard-empty')).toBeInTheDocument();
  });

  it('shows the hero, the four metric cards and the coach with rides', async () => {
    await renderScreen(<NarrativeScreen />, {
      ...route,
      answers: { '/dashboard/narrative': narrativeWithRides },
    });
    const metrics = await screen.findByRole('region', { name: /metric/i });
    expect(metrics.children).toHaveLength(4);
  });

  it('says in Spanish that the metric has no data yet when a measure has none', async () => {
    await renderScreen(<NarrativeScreen />, {
      ...route,
      language: 'es',
      answers: { '/dashboard/narrative': narrativeWithRides },
    });
    await screen.findByRole('region', { name: /métric/i });
    expect(screen.getByTestId('narrative-title')).toHaveTextContent('Tu Progreso');
  });

  it('says technique has no data in these eight weeks, not that the power meter cannot record it', async () => {
    // Whether the meter records pedal smoothness is not known from eight weeks without such data (no
    // rides at all, or rides on another bike): a rider whose SRM does record it read it was not.
    await renderScreen(<NarrativeScreen />, {
      ...route,
      language: 'es',
      answers: { '/dashboard/narrative': narrativeWithRides },
    });
    const card = await screen.findByTestId('narrative-metric-technique');
    expect(card).toHaveTextContent('Ninguna salida de estas ocho semanas registra suavidad de pedaleo');
    expect(card).not.toHaveTextContent('Tu potenciómetro no registra');
  });
});
