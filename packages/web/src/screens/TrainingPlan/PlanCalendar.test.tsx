import { type PlanResponse, planResponseSchema } from '@vatio/schemas';
import { describe, expect, it } from 'vitest';
import { planWithWorkoutToday } from '../../test/answers/plan';
import { PENDING, renderScreen, screen } from '../../test/render';
import { PlanCalendar } from './PlanCalendar';

/** Two plan weeks of 50 and 60 TSS a day, from `start` (7 days each). */
function twoWeeks(start: '2026-11-29' | '2026-11-30'): PlanResponse {
  const first = new Date(`${start}T00:00:00Z`).getTime();
  const date = (i: number) => new Date(first + i * 86_400_000).toISOString().slice(0, 10);
  const week = (index: number) => ({
    index,
    start_date: date(7 * index),
    end_date: date(7 * index + 6),
    phase: 'base',
    kind: 'load',
    planned_tss: 7 * (index === 0 ? 50 : 60),
    actual_tss: null,
    planned_to_date_tss: null,
    ratio: null,
    score: null,
    partial: false,
  });
  const template = planWithWorkoutToday.days[0]!;
  return planResponseSchema.parse({
    ...planWithWorkoutToday,
    start_date: start,
    weeks: [week(0), week(1)],
    days: Array.from({ length: 14 }, (_, i) => ({
      ...template,
      date: date(i),
      week_index: i < 7 ? 0 : 1,
      phase: 'base',
      planned_tss: i < 7 ? 50 : 60,
    })),
  });
}

const answers = { '/activities': PENDING };

describe('PlanCalendar week bands', () => {
  it('says which days a band counts when the plan weeks do not run Monday to Sunday', async () => {
    // Weeks counted back from a Saturday event run Sunday to Saturday: the row Monday 30 Nov to
    // Sunday 6 Dec shows six days of the first plan week (6 × 50) and one of the second (60), while
    // its band gives the first plan week's 350 TSS, Sunday 29 Nov to Saturday 5 Dec.
    await renderScreen(<PlanCalendar plan={twoWeeks('2026-11-29')} goals={[]} onSelect={() => {}} />, {
      language: 'es',
      answers,
    });
    const bands = await screen.findAllByTestId('week-band');
    const band = bands.find((b) => b.textContent?.includes('350 TSS previstos'));
    expect(band).toBeDefined();
    expect(band).toHaveTextContent('29 nov');
    expect(band).toHaveTextContent('5 dic 2026');
  });

  it('adds no dates when a plan week is the calendar row', async () => {
    await renderScreen(<PlanCalendar plan={twoWeeks('2026-11-30')} goals={[]} onSelect={() => {}} />, {
      language: 'es',
      answers,
    });
    await screen.findAllByTestId('week-band');
    expect(screen.queryByTestId('week-band-span')).toBeNull();
  });
});
