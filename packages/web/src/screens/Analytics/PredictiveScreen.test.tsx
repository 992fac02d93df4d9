import { describe, expect, it } from 'vitest';
import {
  noSegments,
  predictive,
  predictiveNeedsRides,
  trainingLoadNeedsPower,
} from '../../test/answers/analytics';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor } from '../../test/render';
import { PredictiveScreen } from './PredictiveScreen';

const route = { route: '/analytics/predictive' };
const ready = {
  '/analytics/predictive': predictive,
  '/analytics/segments': noSegments,
  '/analytics/training-load': trainingLoadNeedsPower,
};

describe('PredictiveScreen', () => {
  it('shows a loading placeholder while the prediction has not answered', async () => {
    await renderScreen(<PredictiveScreen />, {
      ...route,
      answers: { ...ready, '/analytics/predictive': PENDING },
    });
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('shows the error, and Try again asks again and shows the prediction', async () => {
    const { user, requests } = await renderScreen(<PredictiveScreen />, {
      ...route,
      answers: { ...ready, '/analytics/predictive': inTurn(fail(500), predictive) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The analysis could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('predictive-tab-ftp')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/analytics/predictive')).toHaveLength(2);
  });

  it('says how many rides with power a prediction needs and how many the rider has', async () => {
    await renderScreen(<PredictiveScreen />, {
      ...route,
      answers: { ...ready, '/analytics/predictive': predictiveNeedsRides },
    });
    expect(await screen.findByTestId('predictive-needs')).toHaveTextContent(
      'A prediction needs 5 rides with power in the last 90 days; you have 2.',
    );
  });

  it('shows the tabs and no needs with enough rides, and asks for 8 weeks when picked', async () => {
    const { user, requests } = await renderScreen(<PredictiveScreen />, { ...route, answers: ready });
    expect(await screen.findByTestId('predictive-tab-tactical')).toBeInTheDocument();
    expect(screen.queryByTestId('predictive-needs')).toBeNull();
    expect(screen.queryByTestId('predictive-tab-segments')).toBeNull();
    await user.click(screen.getByTestId('predictive-period-8'));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.path === '/analytics/predictive').map((r) => r.query.get('weeks')),
      ).toEqual(['4', '8']),
    );
  });

  it('speaks Spanish: what is missing, and the error with Reintentar', async () => {
    await renderScreen(<PredictiveScreen />, {
      ...route,
      language: 'es',
      answers: { ...ready, '/analytics/predictive': predictiveNeedsRides },
    });
    expect(await screen.findByTestId('predictive-needs')).toHaveTextContent(
      'Una predicción necesita 5 salidas con potencia en los últimos 90 días; tienes 2.',
    );
  });
});
