import {
  calendarQuerySchema,
  goalSchema,
  libraryExportQuerySchema,
  goalUpdateSchema,
  planDayOverrideSchema,
  planQuerySchema,
  planSettingsSchema,
  workoutExportQuerySchema,
  workoutSchema,
  workoutUpdateSchema,
} from '@vatio/schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth, requireSession } from '../../http/auth-hook.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { parseBody, parseId, parseQuery } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { PlanService } from './plan.service.ts';
import type { WorkoutService } from './workout.service.ts';

type IdParams = { Params: { id: string } };
type DateParams = { Params: { date: string } };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day in a path: anything that is not a calendar day cannot name one, so it is a 404. */
function parseDay(value: string): string {
  if (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw new AppError('NOT_FOUND');
  return value;
}

/** Goals, plan, workouts and the calendar feed (issue 26); every row the signed-in rider's. */
export function planRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; plan: PlanService; workouts: WorkoutService },
) {
  const { auth, plan, workouts } = deps;
  const guard = { preHandler: requireAuth(auth) };
  const sessionOnly = { preHandler: requireSession(auth) };

  // ---- goals ----
  app.get('/api/goals', guard, async (request) => plan.goals(request.auth.userId));
  app.post('/api/goals', guard, async (request, reply) =>
    reply.code(201).send(await plan.createGoal(request.auth.userId, parseBody(goalSchema, request.body))),
  );
  app.get<IdParams>('/api/goals/:id', guard, async (request) =>
    plan.goal(request.auth.userId, parseId(request.params.id)),
  );
  app.patch<IdParams>('/api/goals/:id', guard, async (request) =>
    plan.updateGoal(
      request.auth.userId,
      parseId(request.params.id),
      parseBody(goalUpdateSchema, request.body),
    ),
  );
  app.delete<IdParams>('/api/goals/:id', guard, async (request, reply) => {
    await plan.deleteGoal(request.auth.userId, parseId(request.params.id));
    return reply.code(204).send();
  });

  // ---- the plan ----
  app.get('/api/plan', guard, async (request, reply) => {
    const { tz } = parseQuery(planQuerySchema, request.query);
    return sendJsonText(reply, jsonOnce(await plan.plan(request.auth.userId, tz)));
  });
  app.post('/api/plan', guard, async (request, reply) => {
    const input = parseBody(planSettingsSchema, request.body);
    return sendJsonText(reply.code(201), jsonOnce(await plan.createPlan(request.auth.userId, input)));
  });
  app.post('/api/plan/replan', guard, async (request, reply) =>
    sendJsonText(reply, jsonOnce(await plan.replan(request.auth.userId))),
  );
  app.delete('/api/plan', guard, async (request, reply) => {
    await plan.deletePlan(request.auth.userId);
    return reply.code(204).send();
  });
  app.put<DateParams>('/api/plan/days/:date', guard, async (request, reply) => {
    const date = parseDay(request.params.date);
    const input = parseBody(planDayOverrideSchema, request.body);
    return sendJsonText(reply, jsonOnce(await plan.setDay(request.auth.userId, date, input)));
  });
  app.delete<DateParams>('/api/plan/days/:date', guard, async (request, reply) => {
    await plan.clearDay(request.auth.userId, parseDay(request.params.date));
    return reply.code(204).send();
  });

  // ---- calendar feed: the token is managed from a signed-in session only (as API keys are) ----
  app.get('/api/plan/calendar-token', guard, async (request) => plan.calendarToken(request.auth.userId));
  app.post('/api/plan/calendar-token', sessionOnly, async (request, reply) =>
    reply.code(201).send(await plan.rotateCalendarToken(request.auth.userId)),
  );
  app.delete('/api/plan/calendar-token', sessionOnly, async (request, reply) => {
    await plan.revokeCalendarToken(request.auth.userId);
    return reply.code(204).send();
  });
  app.get('/api/plan/calendar.ics', async (request, reply) => {
    const { token, lang } = parseQuery(calendarQuerySchema, request.query);
    const userId = await plan.riderOfCalendarToken(token);
    const body = await plan.calendar(userId, lang ?? 'en');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="vatio-plan.ics"')
      .header('cache-control', 'private, max-age=300')
      .send(body);
  });

  // ---- workouts ----
  app.get('/api/workouts', guard, async (request) => workouts.list(request.auth.userId));
  app.post('/api/workouts', guard, async (request, reply) =>
    reply.code(201).send(await workouts.create(request.auth.userId, parseBody(workoutSchema, request.body))),
  );
  app.get('/api/workouts/library', guard, async (request) => workouts.library(request.auth.userId));
  app.get<IdParams>('/api/workouts/:id', guard, async (request) =>
    workouts.get(request.auth.userId, parseId(request.params.id)),
  );
  app.patch<IdParams>('/api/workouts/:id', guard, async (request) =>
    workouts.update(
      request.auth.userId,
      parseId(request.params.id),
      parseBody(workoutUpdateSchema, request.body),
    ),
  );
  app.delete<IdParams>('/api/workouts/:id', guard, async (request, reply) => {
    await workouts.delete(request.auth.userId, parseId(request.params.id));
    return reply.code(204).send();
  });

  const sendFile = (
    reply: FastifyReply,
    file: { body: string | Buffer; mimeType: string; fileName: string },
  ) =>
    reply
      .type(file.mimeType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  app.get<IdParams>('/api/workouts/:id/download', guard, async (request, reply) => {
    const { format, hr_as_power } = parseQuery(workoutExportQuerySchema, request.query);
    const file = await workouts.exportFile(
      request.auth.userId,
      { source: 'own', id: parseId(request.params.id) },
      format,
      hr_as_power === 'true',
    );
    return sendFile(reply, file);
  });
  app.get('/api/workouts/library/download', guard, async (request, reply) => {
    const { format, hr_as_power, workout, tss } = parseQuery(libraryExportQuerySchema, request.query);
    const file = await workouts.exportFile(
      request.auth.userId,
      { source: 'library', id: workout, ...(tss === undefined ? {} : { tss }) },
      format,
      hr_as_power === 'true',
    );
    return sendFile(reply, file);
  });
}
