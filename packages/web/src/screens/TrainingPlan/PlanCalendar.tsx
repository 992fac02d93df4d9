import { CalendarDays, CalendarRange, Check, ChevronLeft, ChevronRight, Flag } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GoalResponse, PlanDay, PlanResponse, PlanWeek } from '../../api/plan-types';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { addDays, addMonths, dayDate, monthGrid, monthStart, weekDays } from './planDates';
import { type DayRide, useRidesByDay } from './useRidesByDay';
import { phaseLabel, phaseStyle, planWorkoutName, scoreStyle } from './planText';

export type CalendarView = 'month' | 'week';

const NO_RIDES: readonly DayRide[] = [];

/**
 * The plan as a calendar: a month of weeks or one week, Monday first. Each week row starts with its
 * phase band and its planned against ridden TSS; each day shows its workout (or rest), the event on
 * it, what was ridden and how closely. A day of the plan opens its actions (onSelect).
 */
export function PlanCalendar({
  plan,
  goals,
  onSelect,
}: {
  plan: PlanResponse;
  goals: readonly GoalResponse[];
  onSelect: (day: PlanDay) => void;
}) {
  const { t, i18n } = useTranslation(['plan', 'common']);
  const language = i18n.language === 'es' ? 'es' : 'en';
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(plan.today);
  const byDate = useMemo(() => new Map(plan.days.map((d) => [d.date, d])), [plan.days]);
  const goalById = useMemo(() => new Map(goals.map((g) => [g.id, g])), [goals]);
  const goalByDate = useMemo(() => new Map(goals.map((g) => [g.date, g])), [goals]);
  const rows = view === 'month' ? monthGrid(anchor) : [weekDays(anchor)];
  const ridesByDay = useRidesByDay(rows[0]?.[0] ?? anchor, rows.at(-1)?.at(-1) ?? anchor);
  const title =
    view === 'month'
      ? new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          dayDate(monthStart(anchor)),
        )
      : rangeTitle(rows[0] ?? [], language);
  const step = (by: -1 | 1) => setAnchor(view === 'month' ? addMonths(anchor, by) : addDays(anchor, 7 * by));
  const weekdayNames = (rows[0] ?? []).map((d) =>
    new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(dayDate(d)),
  );

  return (
    <section aria-labelledby="plan-calendar-title" className="space-y-3" data-testid="plan-calendar">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => step(-1)}
            aria-label={t(view === 'month' ? 'calendar.previousMonth' : 'calendar.previousWeek')}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </button>
          <h2
            id="plan-calendar-title"
            className="min-w-40 text-center text-lg font-semibold text-slate-900 first-letter:uppercase dark:text-white"
            aria-live="polite"
            data-testid="calendar-title"
          >
            {title}
          </h2>
          <button
            type="button"
            onClick={() => step(1)}
            aria-label={t(view === 'month' ? 'calendar.nextMonth' : 'calendar.nextWeek')}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <ChevronRight className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => setAnchor(plan.today)}
            className="ml-1 rounded-lg border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500 dark:border-slate-700 dark:text-slate-200"
          >
            {t('calendar.today')}
          </button>
        </div>
        <fieldset className="inline-flex rounded-lg border border-slate-200 p-0.5 dark:border-slate-700">
          <legend className="sr-only">{t('calendar.view')}</legend>
          {(['month', 'week'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              data-testid={`calendar-view-${v}`}
              onClick={() => setView(v)}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
                view === v
                  ? 'bg-brand-600 text-white'
                  : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
              )}
            >
              {v === 'month' ? (
                <CalendarDays className="h-4 w-4" aria-hidden />
              ) : (
                <CalendarRange className="h-4 w-4" aria-hidden />
              )}
              {t(`calendar.${v}`)}
            </button>
          ))}
        </fieldset>
      </div>

      {view === 'month' && (
        <div
          className="hidden grid-cols-7 gap-1 text-center text-xs font-medium uppercase text-slate-500 sm:grid dark:text-slate-400"
          aria-hidden
        >
          {weekdayNames.map((n) => (
            <div key={n}>{n}</div>
          ))}
        </div>
      )}
      <div className="space-y-3">
        {rows.map((row) => {
          const week = weekOfRow(row, byDate, plan.weeks);
          return (
            <div key={row[0]} className="space-y-1" data-testid="calendar-week">
              {week && <WeekBand week={week} row={row} language={language} />}
              <ol
                className={cn('grid gap-1', view === 'month' ? 'grid-cols-7' : 'grid-cols-1 sm:grid-cols-7')}
              >
                {row.map((date) => (
                  <DayCell
                    key={date}
                    date={date}
                    view={view}
                    outside={view === 'month' && date.slice(0, 7) !== anchor.slice(0, 7)}
                    today={date === plan.today}
                    day={byDate.get(date)}
                    goal={goalById.get(byDate.get(date)?.goal_id ?? '') ?? goalByDate.get(date)}
                    rides={ridesByDay.get(date) ?? NO_RIDES}
                    onSelect={onSelect}
                  />
                ))}
              </ol>
            </div>
          );
        })}
      </div>
      <Legend />
    </section>
  );
}

function rangeTitle(days: readonly string[], language: string): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return '';
  const format = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.formatRange(dayDate(first), dayDate(last));
}

function weekOfRow(
  row: readonly string[],
  byDate: Map<string, PlanDay>,
  weeks: readonly PlanWeek[],
): PlanWeek | undefined {
  for (const date of row) {
    const day = byDate.get(date);
    if (day) return weeks.find((w) => w.index === day.week_index);
  }
  return undefined;
}

/**
 * A week's phase band: phase, planned TSS, ridden TSS so far and the week's compliance. The plan's
 * weeks are counted back from the A event, so they run Monday to Sunday only when it falls on a
 * Sunday: otherwise a calendar row holds the end of one plan week and the start of the next, and its
 * band's TSS (its first plan day's week) is not the sum of the row's days. The band then says which
 * days it counts.
 */
function WeekBand({ week, row, language }: { week: PlanWeek; row: readonly string[]; language: string }) {
  const { t } = useTranslation('plan');
  const f = useFormat();
  const sameDays = row[0] === week.start_date && row.at(-1) === week.end_date;
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-0.5 rounded-md px-2 py-1 text-xs',
        phaseStyle(week.phase),
      )}
      data-testid="week-band"
      data-phase={week.phase}
    >
      <span className="font-semibold">{phaseLabel(week.phase, t)}</span>
      {week.kind === 'recovery' && <span>{t('calendar.recoveryWeek')}</span>}
      <span>
        {t('calendar.plannedTss', { tss: f.number(week.planned_tss) })}
        {week.actual_tss !== null && ` · ${t('calendar.riddenTss', { tss: f.number(week.actual_tss) })}`}
      </span>
      {!sameDays && (
        <span className="opacity-80" data-testid="week-band-span">
          {rangeTitle([week.start_date, week.end_date], language)}
        </span>
      )}
      {week.score !== null && (
        <span
          className="ml-auto rounded-full bg-white/70 px-2 font-semibold dark:bg-slate-900/40"
          data-testid="week-score"
        >
          {t('calendar.weekScore', { score: f.number(week.score) })}
          {week.partial && ` (${t('calendar.soFar')})`}
        </span>
      )}
    </div>
  );
}

function DayCell({
  date,
  view,
  outside,
  today,
  day,
  goal,
  rides,
  onSelect,
}: {
  date: string;
  view: CalendarView;
  outside: boolean;
  today: boolean;
  day: PlanDay | undefined;
  goal: GoalResponse | undefined;
  rides: readonly DayRide[];
  onSelect: (day: PlanDay) => void;
}) {
  const { t, i18n } = useTranslation('plan');
  const f = useFormat();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const dayNumber = Number(date.slice(8, 10));
  const longName = new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(dayDate(date));
  const rest = day && day.workout === null && day.purpose === 'rest';
  const skipped = day?.override?.action === 'skip';
  const name = day?.workout
    ? planWorkoutName(day.workout, t)
    : day
      ? t(`purpose.${day.purpose}`, { defaultValue: '' })
      : '';
  // Ridden TSS: the plan's count on its days, the rides' own TSS before the plan began.
  const ridesTss = rides.reduce<number | null>((sum, r) => (r.tss === null ? sum : (sum ?? 0) + r.tss), null);
  const riddenTss = day?.actual_tss ?? ridesTss;
  const ridden = (riddenTss !== null && riddenTss > 0) || rides.length > 0;
  const body = (
    <>
      <span className="flex items-center justify-between gap-1">
        <span
          className={cn(
            'inline-flex h-6 min-w-6 items-center justify-center rounded-full text-xs font-semibold',
            today ? 'bg-brand-600 text-white' : 'text-slate-700 dark:text-slate-200',
          )}
        >
          {view === 'week' ? <span className="px-1 first-letter:uppercase sm:hidden">{longName}</span> : null}
          <span className={view === 'week' ? 'hidden px-1 sm:inline' : ''}>{dayNumber}</span>
        </span>
        {ridden && <Check className="h-3.5 w-3.5 text-emerald-600" aria-label={t('calendar.ridden')} />}
      </span>
      {goal && (
        <span
          className="mt-0.5 flex items-center gap-1 truncate rounded bg-brand-600 px-1 text-[11px] font-semibold text-white"
          data-testid="calendar-goal"
        >
          <Flag className="h-3 w-3 shrink-0" aria-hidden />
          <span className="truncate">
            {goal.priority} · {goal.name}
          </span>
        </span>
      )}
      {day && !goal && (
        <span
          className={cn(
            'mt-0.5 block text-[11px] leading-tight sm:text-xs',
            view === 'month' && 'hidden sm:block',
            rest ? 'text-slate-400 dark:text-slate-500' : 'font-medium text-slate-800 dark:text-slate-100',
            skipped && 'line-through opacity-60',
          )}
        >
          <span className="line-clamp-2">{name}</span>
        </span>
      )}
      {day && day.planned_tss > 0 && (
        <span className="mt-auto block text-[11px] text-slate-500 dark:text-slate-400">
          <span className={view === 'month' ? 'hidden sm:inline' : ''}>{t('calendar.tss')} </span>
          {f.number(day.planned_tss)}
          {day.workout && (
            <span className="hidden lg:inline"> · {f.hoursMinutes(day.workout.duration_s)}</span>
          )}
        </span>
      )}
      {ridden && (
        <span className="block text-[11px] text-emerald-700 dark:text-emerald-400">
          <span className={view === 'month' ? 'hidden sm:inline' : ''}>{t('calendar.done')} </span>
          {f.number(riddenTss)}
        </span>
      )}
      {view === 'week' && rides.length > 0 && (
        <span className="mt-0.5 block space-y-0.5" data-testid="calendar-rides">
          {rides.map((r) =>
            // Inside a plan day's button a link cannot sit: the names are text there (the day's
            // dialog links them); a day outside the plan links each ride to its page.
            day ? (
              <span
                key={r.id}
                className="block truncate text-[11px] text-slate-600 dark:text-slate-300"
                data-testid="calendar-ride"
              >
                {r.name}
              </span>
            ) : (
              <Link
                key={r.id}
                to={`/activities/${r.id}`}
                className="block truncate text-[11px] text-brand-700 hover:underline dark:text-brand-500"
                data-testid="calendar-ride"
              >
                {r.name}
              </Link>
            ),
          )}
        </span>
      )}
      {day?.compliance?.score !== null && day?.compliance?.score !== undefined && (
        <span
          className={cn(
            'mt-0.5 self-start rounded-full px-1.5 text-[11px] font-semibold',
            scoreStyle(day.compliance.score),
          )}
          data-testid="day-compliance"
        >
          {f.number(day.compliance.score)}
          <span className="hidden sm:inline"> %</span>
        </span>
      )}
      {day?.override && (
        <span className="mt-0.5 hidden text-[10px] uppercase tracking-wide text-slate-500 sm:block">
          {t(`day.overridden.${day.override.action}`)}
        </span>
      )}
    </>
  );
  const cellClass = cn(
    'flex w-full flex-1 flex-col rounded-lg border p-1 text-left sm:p-1.5',
    view === 'month' ? 'min-h-16 sm:min-h-24' : 'min-h-14 sm:min-h-36',
    outside && 'opacity-50',
    day
      ? 'border-slate-200 bg-white hover:border-brand-500 dark:border-slate-700 dark:bg-slate-800'
      : 'border-transparent bg-slate-50 dark:bg-slate-900/40',
    day && !day.projected && !today && 'bg-slate-50 dark:bg-slate-800/60',
  );
  return (
    <li data-date={date} data-testid="calendar-day" className="flex min-w-0 flex-col">
      {day ? (
        <button
          type="button"
          className={cellClass}
          onClick={() => onSelect(day)}
          aria-label={`${longName}: ${goal ? `${goal.name} (${goal.priority})` : name}${
            day.planned_tss > 0 ? `, ${t('calendar.tss')} ${f.number(day.planned_tss)}` : ''
          }`}
          aria-current={today ? 'date' : undefined}
        >
          {body}
        </button>
      ) : (
        <div className={cellClass}>{body}</div>
      )}
    </li>
  );
}

function Legend() {
  const { t } = useTranslation('plan');
  return (
    <ul className="flex flex-wrap gap-2 text-xs" aria-label={t('calendar.phases')}>
      {(['base', 'build', 'peak', 'taper', 'race', 'recovery'] as const).map((p) => (
        <li key={p} className={cn('rounded px-2 py-0.5', phaseStyle(p))}>
          {phaseLabel(p, t)}
        </li>
      ))}
    </ul>
  );
}
