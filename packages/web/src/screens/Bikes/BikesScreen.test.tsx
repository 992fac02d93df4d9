import { describe, expect, it } from 'vitest';
import { bike } from '../../test/answers/bikes';
import { fail, inTurn, PENDING, renderScreen, screen, within } from '../../test/render';
import { BikesScreen } from './BikesScreen';

const route = { route: '/bikes' };
/** The selected bike's tabs ask for these; a component test of the garage list needs no answers from them. */
const tabs = {
  '/bikes/:id/rides': PENDING,
  '/bikes/:id/components': PENDING,
  '/bikes/:id/maintenance': PENDING,
  '/bikes/:id/performance': PENDING,
};

describe('BikesScreen (the garage)', () => {
  it('shows a loading placeholder while the bikes have not answered', async () => {
    await renderScreen(<BikesScreen />, { ...route, answers: { '/bikes': PENDING } });
    expect(await screen.findByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  });

  it('shows why the bikes failed with Retry, and Retry asks again and shows them', async () => {
    const { user, requests } = await renderScreen(<BikesScreen />, {
      ...route,
      answers: { ...tabs, '/bikes': inTurn(fail(500, 'INTERNAL'), [bike()]) },
    });
    expect(await screen.findByText('Internal server error. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('bike-card')).toHaveTextContent('Tarmac');
    expect(requests.filter((r) => r.path === '/bikes')).toHaveLength(2);
  });

  it('invites a rider without bikes to add one', async () => {
    await renderScreen(<BikesScreen />, { ...route, answers: { '/bikes': [] } });
    expect(await screen.findByTestId('bikes-empty')).toHaveTextContent('No bikes yet');
  });

  it('shows each bike’s figures, with a dash for a CdA it does not have', async () => {
    await renderScreen(<BikesScreen />, {
      ...route,
      answers: { ...tabs, '/bikes': [bike(), bike({ id: 'b-2', name: 'Gravel', is_primary: false })] },
    });
    const cards = await screen.findAllByTestId('bike-card');
    expect(cards).toHaveLength(2);
    const tarmac = within(cards[0] as HTMLElement);
    expect(tarmac.getByText('12')).toBeInTheDocument();
    expect(tarmac.getByText('CdA').nextElementSibling).toHaveTextContent(/^—$/);
  });

  it('speaks Spanish: the empty garage', async () => {
    await renderScreen(<BikesScreen />, { ...route, language: 'es', answers: { '/bikes': [] } });
    expect(await screen.findByTestId('bikes-empty')).toHaveTextContent('Aún no tienes bicicletas');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Gestión de Bicicletas');
  });
});
