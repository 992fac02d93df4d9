import { describe, expect, it } from 'vitest';
import { bike } from '../../test/answers/bikes';
import { measurement } from '../../test/answers/fitting';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor, within } from '../../test/render';
import { FittingScreen } from './FittingScreen';

const route = { route: '/fitting' };
const empty = {
  '/bikes': [bike()],
  '/fitting/measurements': [],
  '/fitting/positions': [],
  '/fitting/sessions': [],
  '/fitting/photos': [],
};

describe('FittingScreen', () => {
  it('says it is loading while the fitting data has not answered', async () => {
    await renderScreen(<FittingScreen />, { ...route, answers: { ...empty, '/fitting/sessions': PENDING } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading bike fitting data...');
  });

  it('shows why a list failed with Retry, and Retry asks again and shows the measurements', async () => {
    const { user, requests } = await renderScreen(<FittingScreen />, {
      ...route,
      answers: { ...empty, '/fitting/measurements': inTurn(fail(500, 'INTERNAL'), [measurement]) },
    });
    expect(await screen.findByText('Internal server error. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('latest-measurement')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.path === '/fitting/measurements')).toHaveLength(2));
  });

  it('invites a rider without measurements to add them', async () => {
    await renderScreen(<FittingScreen />, { ...route, answers: empty });
    expect(await screen.findByTestId('measurements-empty')).toHaveTextContent('No measurements yet.');
  });

  it('shows the latest measurements with the inseam', async () => {
    await renderScreen(<FittingScreen />, {
      ...route,
      answers: { ...empty, '/fitting/measurements': [measurement] },
    });
    const latest = await screen.findByTestId('latest-measurement');
    expect(within(latest).getByText('Inseam').parentElement).toHaveTextContent('79.5');
  });

  it('speaks Spanish with a decimal comma in the inseam', async () => {
    await renderScreen(<FittingScreen />, {
      ...route,
      language: 'es',
      answers: { ...empty, '/fitting/measurements': [measurement] },
    });
    const latest = await screen.findByTestId('latest-measurement');
    expect(within(latest).getByText('Entrepierna').parentElement).toHaveTextContent('79,5');
  });
});
