import { describe, expect, it } from 'vitest';
import { activityPage, ride } from '../../test/answers/activities';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor } from '../../test/render';
import { ActivitiesScreen } from './ActivitiesScreen';

const route = { route: '/activities' };
const two = activityPage([
  ride(),
  ride({ id: 'a-2', name: 'Coast ride', start_date: '2026-11-18T07:00:00.000Z' }),
]);

describe('ActivitiesScreen', () => {
  it('says it is loading while the list has not answered', async () => {
    await renderScreen(<ActivitiesScreen />, { ...route, answers: { '/activities': PENDING } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading activities...');
  });

  it('shows the failure with Retry, and Retry asks again and lists the rides', async () => {
    const { user, requests } = await renderScreen(<ActivitiesScreen />, {
      ...route,
      answers: { '/activities': inTurn(fail(500), two) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load activities');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sierra loop')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/activities')).toHaveLength(2);
  });

  it('invites a rider without rides to upload files', async () => {
    await renderScreen(<ActivitiesScreen />, { ...route, answers: { '/activities': activityPage([]) } });
    expect(await screen.findByTestId('activities-empty')).toHaveTextContent('No rides yet');
  });

  it('lists the rides with how many of how many are shown', async () => {
    await renderScreen(<ActivitiesScreen />, { ...route, answers: { '/activities': two } });
    expect(await screen.findByText('Coast ride')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('says no ride matches a search that finds none', async () => {
    const { user } = await renderScreen(<ActivitiesScreen />, {
      ...route,
      answers: { '/activities': two, '/activities/search': { activities: [] } },
    });
    await screen.findByText('Coast ride');
    await user.type(screen.getByTestId('activity-search'), 'zzz');
    expect(
      await screen.findByText('No activities found matching your criteria.', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
  });

  it('speaks Spanish: the failure and its Retry', async () => {
    await renderScreen(<ActivitiesScreen />, {
      ...route,
      language: 'es',
      answers: { '/activities': fail(500) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las actividades');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('shows the page count in Spanish', async () => {
    await renderScreen(<ActivitiesScreen />, { ...route, language: 'es', answers: { '/activities': two } });
    await waitFor(() => expect(screen.getByText('Mostrando 1–2 de 2')).toBeInTheDocument());
  });
});
