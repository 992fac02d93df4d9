import { type GoalResponse, goalResponseSchema } from '@vatio/schemas';
import { describe, expect, it, vi } from 'vitest';
import { noPlan, planWithWorkoutToday } from '../../test/answers/plan';
import { fail, PENDING, renderScreen, screen, within } from '../../test/render';
import { TrainingPlanScreen } from './TrainingPlanScreen';

// The load chart draws on a canvas, which jsdom has not: its place is enough here (PlanLoadChart.test.ts
// tests its series).
vi.mock('./PlanLoadChart', () => ({ PlanLoadChart: () => <div data-testid="plan-load-chart" /> }));

const route = { route: '/training-plan' };

/** An A event three months after the plan's today, as GET /api/goals lists it. */
const aEvent: GoalResponse = goalResponseSchema.parse({
  id: 'g-1',
  name: 'Quebrantahuesos',
  date: '2027-03-01',
  priority: 'A',
  kind: 'road_race',
  course_activity_id: null,
  expected_tss: null,
  notes: null,
  prediction: null,
  prediction_unavailable: 'no_model',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

/** What the screen asks for beside the plan: the ridden PMC, the FTP history, the calendar feed. */
const around = {
  '/analytics/training-load': { days: [] },
  '/athlete-settings': PENDING,
  '/plan/calendar-token': PENDING,
};

describe('TrainingPlanScreen', () => {
  it('shows a loading placeholder while the plan has not answered', async () => {
    await renderScreen(<TrainingPlanScreen />, {
      ...route,
      answers: { ...around, '/plan': PENDING, '/goals': [] },
    });
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByTestId('plan-figures')).not.toBeInTheDocument();
  });

  it('says why the plan failed, in the rider’s language, instead of an empty plan', async () => {
    await renderScreen(<TrainingPlanScreen />, {
      ...route,
      answers: { ...around, '/plan': fail(500, 'INTERNAL'), '/goals': [] },
    });
    expect(await screen.findByTestId('plan-error')).toHaveTextContent(
      'Internal server error. Please try again.',
    );
    expect(screen.queryByTestId('plan-empty')).not.toBeInTheDocument();
  });

  it('without a plan or an A event, asks for the A event and takes the rider to the events tab', async () => {
    const { user } = await renderScreen(<TrainingPlanScreen />, {
      ...route,
      answers: { ...around, '/plan': noPlan, '/goals': [] },
    });
    expect(await screen.findByTestId('plan-empty')).toHaveTextContent('No plan yet');
    await user.click(screen.getByTestId('plan-empty-add-goal'));
    expect(screen.getByTestId('tab-goals')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('tab-plan')).toHaveAttribute('aria-selected', 'false');
  });

  it('without a plan but with an A event ahead, offers to make the plan', async () => {
    await renderScreen(<TrainingPlanScreen />, {
      ...route,
      answers: { ...around, '/plan': noPlan, '/goals': [aEvent] },
    });
    expect(await screen.findByTestId('plan-empty')).toHaveTextContent('Make your plan');
    expect(screen.queryByTestId('plan-empty-add-goal')).not.toBeInTheDocument();
  });

  it('an A event already past does not count: the rider is asked for the next one', async () => {
    await renderScreen(<TrainingPlanScreen />, {
      ...route,
      answers: { ...around, '/plan': noPlan, '/goals': [{ ...aEvent, date: '2026-10-01' }] },
    });
    expect(await screen.findByTestId('plan-empty')).toHaveTextContent('No plan yet');
    expect(screen.getByTestId('plan-empty-add-goal')).toBeInTheDocument();
  });

  it('with a plan, shows its figures: fitness now from the plan', async () => {
    await renderScreen(<TrainingPlanScreen />, {
      ...route,
      answers: { ...around, '/plan': planWithWorkoutToday, '/goals': [aEvent] },
    });
    expect(await screen.findByTestId('plan-figures')).toBeInTheDocument();
    const ctlNow = within(screen.getByTestId('plan-ctl-now'));
    expect(ctlNow.getByText('Fitness now (CTL)').nextElementSibling).toHaveTextContent(/^60$/);
    expect(screen.getByTestId('plan-load-chart')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-empty')).not.toBeInTheDocument();
  });

  it('speaks Spanish: the title and the empty plan', async () => {
    await renderScreen(<TrainingPlanScreen />, {
      ...route,
      language: 'es',
      answers: { ...around, '/plan': noPlan, '/goals': [] },
    });
    expect(await screen.findByTestId('plan-empty')).toHaveTextContent('Aún no hay plan');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Plan de entrenamiento');
    expect(screen.getByTestId('plan-empty-add-goal')).toHaveTextContent('Añadir una prueba A');
  });
});
