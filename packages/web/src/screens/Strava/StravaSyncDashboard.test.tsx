import {
  stravaActivitiesResponseSchema,
  stravaConnectionResponseSchema,
  syncStatusResponseSchema,
} from '@vatio/schemas';
import { describe, expect, it } from 'vitest';
import { fail, inTurn, PENDING, renderScreen, screen, within } from '../../test/render';
import { StravaSyncDashboard } from './StravaSyncDashboard';

// The sync dashboard's loading and failure states (issue 27: the shared Loadable, with a Retry).
const connected = stravaConnectionResponseSchema.parse({
  configured: true,
  connected: true,
  athlete_id: 42,
  athlete_name: 'Ana García',
  scopes: ['read', 'activity:read_all'],
  token_invalid: false,
  connected_at: '2026-11-01T08:00:00.000Z',
  last_sync_at: null,
});

// One ride of the last days (the default period is 30 days), not yet imported. A non-empty list, so
// the screen does not read the list from Strava by itself.
const list = stravaActivitiesResponseSchema.parse({
  activities: [
    {
      id: 901,
      name: 'Morning ride',
      type: 'Ride',
      start_date: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      distance: 42_000,
      moving_time: 5_400,
      total_elevation_gain: 350,
      average_speed: 7.8,
      max_speed: 14,
      average_watts: 190,
      max_watts: 600,
      state: 'listed',
      synced: false,
      activity_id: null,
      message: null,
    },
  ],
});

function show(answers: Record<string, unknown>) {
  return renderScreen(<StravaSyncDashboard />, {
    route: '/activities/sync',
    answers: { '/sync/status': syncStatusResponseSchema.parse(null), ...answers },
  });
}

describe('the Strava sync dashboard', () => {
  it('says it is loading while the Strava connection is asked for', async () => {
    await show({ '/strava/connection': PENDING });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByTestId('sync-access-required')).toBeNull();
    expect(screen.queryByTestId('sync-total')).toBeNull();
  });

  it('says why the connection could not be read, and Retry asks again', async () => {
    const { user, requests } = await show({
      '/strava/connection': inTurn(fail(500), connected),
      '/strava/activities': list,
    });
    const failed = await screen.findByTestId('sync-connection-error');
    expect(failed).toHaveTextContent('Internal server error. Please try again.');
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('sync-list')).toHaveTextContent('Morning ride');
    expect(requests.filter((r) => r.path === '/strava/connection')).toHaveLength(2);
  });

  it('says it is loading while the Strava list is asked for', async () => {
    await show({ '/strava/connection': connected, '/strava/activities': PENDING });
    await screen.findByTestId('sync-total');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByTestId('sync-list')).toBeNull();
    expect(screen.queryByTestId('sync-empty')).toBeNull();
  });

  it("says in the list's place why the list could not be read, and Retry shows it", async () => {
    const { user, requests } = await show({
      '/strava/connection': connected,
      '/strava/activities': inTurn(fail(500), list),
    });
    const failed = await screen.findByTestId('sync-list-error');
    expect(failed).toHaveTextContent('Error loading activities: Internal server error. Please try again.');
    // Said once, in the list's place, not again in the card of sync errors.
    expect(screen.queryByTestId('sync-error')).toBeNull();
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('sync-list')).toHaveTextContent('Morning ride');
    expect(screen.queryByTestId('sync-list-error')).toBeNull();
    expect(requests.filter((r) => r.path === '/strava/activities')).toHaveLength(2);
  });

  it('on a server without Strava, says so and offers the file upload that works', async () => {
    await show({ '/strava/connection': { ...connected, configured: false, connected: false } });
    const offer = await screen.findByTestId('sync-upload-instead');
    expect(offer).toHaveTextContent('import your rides from their files');
    expect(within(offer).getByRole('link', { name: 'Upload files' })).toHaveAttribute('href', '/activities');
    expect(screen.getByText(/Strava is not configured on this server/)).toBeInTheDocument();
  });
});
