import { activityStreamsResponseSchema } from '@vatio/schemas';
import { describe, expect, it, vi } from 'vitest';
import { ride as storedRide } from '../../test/answers/activities';
import {
  liveOverview,
  noPlan,
  ownWorkouts,
  PLAN_TODAY,
  planRestToday,
  planWithWorkoutToday,
} from '../../test/answers/plan';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor, within } from '../../test/render';
import { StartPanel } from './StartPanel';
import type { LiveRide } from './useLiveRide';
import type { WorkoutRun } from './workoutRun';

// The picker as the live screen holds it (StartPanel: the `?workout=` link, the choice the ride is
// started with). jsdom has no Web Bluetooth, so the sensors' card only says so.
const ride = { speed: 1, setSpeed: vi.fn(), start: vi.fn() } as unknown as LiveRide;

function show(route = '/dashboard/responsive', answers: Record<string, unknown> = {}, language?: 'es') {
  return renderScreen(<StartPanel overview={liveOverview} ride={ride} />, {
    route,
    ...(language ? { language } : {}),
    answers: { '/plan': planWithWorkoutToday, '/workouts': [], ...answers },
  });
}

const select = () => screen.getByTestId('workout-select') as HTMLSelectElement;
const groups = () => [...select().querySelectorAll('optgroup')].map((g) => g.label);

describe('the live workout picker', () => {
  it('offers the library while the plan and the own workouts load, and says they are loading', async () => {
    await show('/dashboard/responsive', { '/plan': PENDING, '/workouts': PENDING });
    const picker = await screen.findByTestId('workout-picker');
    expect(within(picker).getByRole('status')).toHaveTextContent("Loading today's plan and your workouts…");
    expect(groups()).not.toContain("Today's plan");
    expect(groups()).toContain('Recovery');
    expect(within(select()).getByRole('option', { name: 'Recovery 30 min' })).toHaveValue(
      'library:recovery-30',
    );
  });

  it('without a plan says so and leads to /training-plan; the library is still offered', async () => {
    await show('/dashboard/responsive', { '/plan': noPlan });
    const hint = await screen.findByTestId('workout-no-plan');
    expect(hint).toHaveTextContent('No training plan yet');
    expect(within(hint).getByRole('link', { name: 'Make a plan' })).toHaveAttribute('href', '/training-plan');
    expect(groups()).not.toContain("Today's plan");
    expect(groups()).not.toContain('My workouts');
    expect(groups()).toContain('Threshold');
  });

  it("lists today's planned workout first, and choosing it shows the plan's resized session", async () => {
    const { user } = await show();
    await screen.findByTestId('workout-planned-today');
    expect(screen.getByTestId('workout-planned-today')).toHaveTextContent(
      'Planned for today: Sweet spot 3 × 15 min.',
    );
    expect(groups()[0]).toBe("Today's plan");
    const options = [...select().options];
    // The free ride, then today's session.
    expect(options[1]).toHaveValue(`plan:${PLAN_TODAY}`);
    expect(options[1]).toHaveTextContent('Today: Sweet spot 3 × 15 min');
    await user.selectOptions(select(), `plan:${PLAN_TODAY}`);
    const chosen = screen.getByTestId('workout-chosen');
    expect(chosen).toHaveTextContent("Today's session in your training plan");
    // The plan's 4 × 15 (not the library's 3 × 15): 10 min + 4 × (15 + 5) min + 10 min = 100 min.
    expect(chosen).toHaveTextContent('1h 40m');
  });

  it('preselects today\'s planned workout from the plan\'s "ride it" link once the plan has answered', async () => {
    await show(`/dashboard/responsive?workout=plan:${PLAN_TODAY}`);
    await waitFor(() => expect(select()).toHaveValue(`plan:${PLAN_TODAY}`));
    expect(screen.getByTestId('workout-chosen')).toHaveTextContent('1h 40m');
    expect(screen.queryByTestId('workout-unknown-link')).toBeNull();
  });

  it("a link to another day than today's names nothing: it says so and leaves a free ride", async () => {
    await show('/dashboard/responsive?workout=plan:2026-11-28');
    expect(await screen.findByTestId('workout-unknown-link')).toHaveTextContent('plan:2026-11-28');
    expect(select()).toHaveValue('');
    expect(screen.queryByTestId('workout-chosen')).toBeNull();
  });

  it('keeps the first links (a bare library id) working', async () => {
    await show('/dashboard/responsive?workout=recovery-30');
    await screen.findByTestId('workout-select');
    expect(select()).toHaveValue('library:recovery-30');
    expect(screen.getByTestId('workout-chosen')).toHaveTextContent('30m');
  });

  it("lists the rider's own workouts in their own group, with their description and duration", async () => {
    const { user } = await show('/dashboard/responsive', {
      '/workouts': ownWorkouts,
      '/plan': planRestToday,
    });
    expect(await screen.findByTestId('workout-rest-today')).toHaveTextContent(
      'Nothing planned for today in your training plan.',
    );
    expect(groups().slice(0, 1)).toEqual(['My workouts']);
    await user.selectOptions(select(), 'own:w-1');
    const chosen = screen.getByTestId('workout-chosen');
    expect(chosen).toHaveTextContent('Short on, short off.');
    // 10 min + 5 × (30 + 30) s + 10 min = 25 min.
    expect(chosen).toHaveTextContent('25m');
  });

  it('says when the plan could not be read, and still offers the own workouts and the library', async () => {
    await show('/dashboard/responsive', { '/plan': fail(500), '/workouts': ownWorkouts });
    expect(await screen.findByTestId('workout-choices-failed')).toBeVisible();
    expect(groups()).toContain('My workouts');
    expect(groups()).toContain('Recovery');
  });

  it('offers a Retry when the plan could not be read, which asks for the plan again and shows it', async () => {
    const { user, requests } = await show('/dashboard/responsive', {
      '/plan': inTurn(fail(500), planWithWorkoutToday),
      '/workouts': ownWorkouts,
    });
    const failed = await screen.findByTestId('workout-choices-failed');
    expect(failed).toHaveTextContent('Your plan and your own workouts could not be loaded');
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('workout-planned-today')).toHaveTextContent(
      'Planned for today: Sweet spot 3 × 15 min.',
    );
    expect(screen.queryByTestId('workout-choices-failed')).toBeNull();
    expect(groups()[0]).toBe("Today's plan");
    // Only the answer that failed is asked for again.
    expect(requests.filter((r) => r.path === '/plan')).toHaveLength(2);
    expect(requests.filter((r) => r.path === '/workouts')).toHaveLength(1);
  });

  it("starts a ride of today's planned workout under the plan day's reference, with the plan's steps", async () => {
    const start = vi.fn();
    const streams = activityStreamsResponseSchema.parse({
      time: [0, 1, 2],
      moving: [true, true, true],
      watts: [200, 210, 220],
      heartrate: null,
      cadence: null,
      velocity: null,
      distance: null,
      altitude: null,
      latlng: null,
      temp: null,
      left_right_balance: null,
      torque_effectiveness: null,
      pedal_smoothness: null,
    });
    const { user } = await renderScreen(
      <StartPanel
        overview={{ ...liveOverview, latest_ride: storedRide() }}
        ride={{ ...ride, start } as unknown as LiveRide}
      />,
      {
        route: `/dashboard/responsive?workout=plan:${PLAN_TODAY}`,
        answers: { '/plan': planWithWorkoutToday, '/workouts': [], '/activities/:id/streams': streams },
      },
    );
    await waitFor(() => expect(select()).toHaveValue(`plan:${PLAN_TODAY}`));
    await user.click(screen.getByRole('button', { name: 'Replay latest ride' }));
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    const run = (start.mock.calls[0]![0] as { workout: WorkoutRun }).workout;
    // Saved as `vatio-workout:plan:2026-11-29` (LivePanel writes `<source>:<id>` into the FIT file).
    expect(run.plan.ref).toEqual({ source: 'plan', id: PLAN_TODAY });
    expect(run.plan.name).toBe('Sweet spot 3 × 15 min');
    // The plan's 4 × 15 at 250 W: warm-up, 8 interval steps, cool-down; 100 min.
    expect(run.plan.steps).toHaveLength(10);
    expect(run.plan.durationS).toBe(6000);
  });

  it('without a session offers the library only, asks for no plan and says nothing of one', async () => {
    const { requests } = await renderScreen(<StartPanel overview={liveOverview} ride={ride} />, {
      route: '/dashboard/responsive',
      signedIn: false,
      answers: { '/me': fail(401, 'UNAUTHORIZED') },
    });
    await screen.findByTestId('workout-select');
    expect(groups()).toContain('Recovery');
    expect(groups()).not.toContain("Today's plan");
    for (const id of ['workout-loading', 'workout-no-plan', 'workout-rest-today', 'workout-choices-failed'])
      expect(screen.queryByTestId(id)).toBeNull();
    expect(requests.some((r) => r.path === '/plan' || r.path === '/workouts')).toBe(false);
  });

  it('in Spanish', async () => {
    await show('/dashboard/responsive', { '/workouts': ownWorkouts }, 'es');
    expect(await screen.findByTestId('workout-planned-today')).toHaveTextContent(
      'Previsto para hoy: Sweet spot 3 × 15 min.',
    );
    expect(groups().slice(0, 2)).toEqual(['Plan de hoy', 'Mis entrenamientos']);
  });
});
