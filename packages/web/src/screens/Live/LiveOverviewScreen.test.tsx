import { powerCurveResponseSchema } from '@vatio/schemas';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trainingLoadNeedsPower } from '../../test/answers/analytics';
import { liveOverview, planWithWorkoutToday } from '../../test/answers/plan';
import { fail, inTurn, PENDING, renderScreen, screen, within } from '../../test/render';
import { LiveOverviewScreen } from './LiveOverviewScreen';

// The live overview's loading and failure states (issue 27: the shared Loadable, with a Retry).
// jsdom has no Web Bluetooth: the start panel only says so.
const rest = {
  '/plan': planWithWorkoutToday,
  '/workouts': [],
  '/dashboard/power-curve': powerCurveResponseSchema.parse({ range: '90d', points: [] }),
  '/analytics/training-load': trainingLoadNeedsPower,
};

function show(overview: unknown, language?: 'es') {
  return renderScreen(<LiveOverviewScreen />, {
    route: '/dashboard/responsive',
    ...(language ? { language } : {}),
    answers: { '/dashboard/overview': overview, ...rest },
  });
}

describe('the live overview', () => {
  it('shows its grey cards, named for a screen reader, while the overview loads', async () => {
    await show(PENDING);
    const loading = await screen.findByRole('status', { name: 'Loading...' });
    expect(loading.children).toHaveLength(6);
    expect(screen.queryByTestId('workout-picker')).toBeNull();
  });

  it('says the overview could not be loaded, and Try again asks again and shows it', async () => {
    const { user, requests } = await show(inTurn(fail(500), liveOverview));
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('The overview could not be loaded.');
    expect(screen.queryByTestId('workout-picker')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('workout-picker')).toBeVisible();
    expect(screen.queryByText('The overview could not be loaded.')).toBeNull();
    expect(requests.filter((r) => r.path === '/dashboard/overview')).toHaveLength(2);
  });

  it('keeps the start panel, and the Bluetooth connections of a ride, when a later refresh fails', async () => {
    const { queryClient } = await show(inTurn(liveOverview, fail(500)));
    expect(await screen.findByTestId('workout-picker')).toBeVisible();
    await act(() => queryClient.refetchQueries({ queryKey: ['dashboard', 'overview'] }));
    expect(queryClient.getQueryState(['dashboard', 'overview', 'en'])?.status).toBe('error');
    expect(screen.getByTestId('workout-picker')).toBeVisible();
    expect(screen.queryByText('The overview could not be loaded.')).toBeNull();
  });

  it('says so in Spanish', async () => {
    await show(fail(500), 'es');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el resumen.');
    expect(
      within(screen.getByTestId('live-overview')).getByRole('button', { name: 'Reintentar' }),
    ).toBeVisible();
  });

  it("names the week's starting state in Spanish with the gender of 'estado'", async () => {
    // "(estado neutra)" was the feminine of "forma" after the masculine "estado".
    const target = { tss: 65, tss_range: [0, 135], rides: 5, form: 'neutral', ctl: 0, atl: 0 };
    await show({ ...liveOverview, week: { ...liveOverview.week, target } }, 'es');
    expect(await screen.findByText(/al empezar la semana \(estado neutro\)/)).toBeVisible();
  });
});
