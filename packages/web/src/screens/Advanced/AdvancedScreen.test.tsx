import { describe, expect, it } from 'vitest';
import { advancedEmpty, advancedWithRides } from '../../test/answers/advanced';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor, within } from '../../test/render';
import { AdvancedScreen } from './AdvancedScreen';

const route = { route: '/analytics/advanced' };

describe('AdvancedScreen', () => {
  it('shows a loading placeholder while the metrics have not answered', async () => {
    await renderScreen(<AdvancedScreen />, { ...route, answers: { '/analytics/advanced': PENDING } });
    expect(await screen.findByRole('status', { name: 'Loading the advanced metrics' })).toBeInTheDocument();
  });

  it('shows the error, and Try again asks again and shows the metrics', async () => {
    const { user, requests } = await renderScreen(<AdvancedScreen />, {
      ...route,
      answers: { '/analytics/advanced': inTurn(fail(500), advancedWithRides) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The advanced metrics could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('advanced-window')).toHaveTextContent('6 rides, 6 with power');
    expect(requests.filter((r) => r.path === '/analytics/advanced')).toHaveLength(2);
  });

  it('says there are no rides in an empty period and shows a dash for every score', async () => {
    await renderScreen(<AdvancedScreen />, { ...route, answers: { '/analytics/advanced': advancedEmpty } });
    expect(await screen.findByTestId('advanced-needs')).toHaveTextContent('No rides in this period.');
    expect(within(screen.getByTestId('card-overall')).getByText('—')).toBeInTheDocument();
  });

  it('says what the biomechanics tab needs when no ride recorded pedalling dynamics', async () => {
    const { user } = await renderScreen(<AdvancedScreen />, {
      ...route,
      answers: { '/analytics/advanced': advancedWithRides },
    });
    await user.click(await screen.findByRole('tab', { name: 'Biomechanics' }));
    expect(
      await screen.findByText(/Balance, torque effectiveness and smoothness need pedals/),
    ).toBeInTheDocument();
  });

  it('shows the scores with rides and asks for 12 weeks when picked', async () => {
    const { user, requests } = await renderScreen(<AdvancedScreen />, {
      ...route,
      answers: { '/analytics/advanced': advancedWithRides },
    });
    expect(await screen.findByTestId('card-overall')).toHaveTextContent('64');
    expect(screen.queryByTestId('advanced-needs')).toBeNull();
    await user.click(screen.getByTestId('advanced-period-12w'));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.path === '/analytics/advanced').map((r) => r.query.get('period')),
      ).toEqual(['4w', '12w']),
    );
  });

  it('speaks Spanish: the empty period and the error', async () => {
    await renderScreen(<AdvancedScreen />, {
      ...route,
      language: 'es',
      answers: { '/analytics/advanced': advancedEmpty },
    });
    expect(await screen.findByTestId('advanced-needs')).toHaveTextContent('No hay salidas en este periodo.');
    expect(screen.getByRole('tab', { name: 'Biomecánico' })).toBeInTheDocument();
  });

  it('shows an impossible whole-ride fit as a dash with the bound it breaks, not as a rough CdA', async () => {
    // A real road ride (the 2026 fixture, no bike) fitted CdA −0.149 m², Crr 0.0289 at r² 0.989.
    const ride = (id: string, cda_m2: number, crr: number) => ({
      activity_id: id,
      date: '2026-11-20',
      bike_id: null,
      cda_m2,
      crr,
      r2: 0.989,
      trustworthy: false,
      aero_lab: `/analytics/aero-lab?activity=${id}`,
    });
    const answer = {
      ...advancedWithRides,
      aero: { needs: [], rides: [ride('a', -0.149, 0.0289), ride('b', 0.31, 0.005)], by_bike: [] },
    };
    const { user } = await renderScreen(<AdvancedScreen />, {
      ...route,
      answers: { '/analytics/advanced': answer },
    });
    await user.click(await screen.findByRole('tab', { name: 'Aerodynamics' }));
    const rows = within(await screen.findByTestId('aero-rides')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('CdA — Crr —');
    expect(rows[0]).toHaveTextContent('Impossible fit: CdA under 0.15 m²; Crr over 0.015');
    expect(rows[0]).not.toHaveTextContent('0.149');
    expect(rows[1]).toHaveTextContent('CdA 0.310 m²');
    expect(rows[1]).toHaveTextContent('Rough fit');
  });
});
