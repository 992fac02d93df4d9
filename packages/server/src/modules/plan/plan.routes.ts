import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { contractRoutes } from '../../http/route.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { planContracts } from './plan.contract.ts';
import type { PlanService } from './plan.service.ts';
import type { WorkoutService } from './workout.service.ts';

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
  const { plan, workouts } = deps;
  const on = contractRoutes(app, planContracts, deps);

  // ---- goals ----
  on('GET /api/goals', async (_input, request) => plan.goals(request.auth.userId));
  on('POST /api/goals', async (input, request, reply) =>
    reply.code(201).send(await plan.createGoal(request.auth.userId, input.body)),
  );
  on('GET /api/goals/:id', async (input, request) => plan.goal(request.auth.userId, input.params.id));
  on('PATCH /api/goals/:id', async (input, request) =>
    plan.updateGoal(request.auth.userId, input.params.id, input.body),
  );
  on('DELETE /api/goals/:id', async (input, request, reply) => {
    await plan.deleteGoal(request.auth.userId, input.params.id);
    return reply.code(204).send();
  });

  // ---- the plan ----
  on('GET /api/plan', async (input, request, reply) => {
    const { tz } = input.query;
    return sendJsonText(reply, jsonOnce(await plan.plan(request.auth.userId, tz)));
  });
  on('POST /api/plan', async ({ body: input }, request, reply) => {
    return sendJsonText(reply.code(201), jsonOnce(await plan.createPlan(request.auth.userId, input)));
  });
  on('POST /api/plan/replan', async (_input, request, reply) =>
    sendJsonText(reply, jsonOnce(await plan.replan(request.auth.userId))),
  );
  on('DELETE /api/plan', async (_input, request, reply) => {
    await plan.deletePlan(request.auth.userId);
    return reply.code(204).send();
  });
  on('PUT /api/plan/days/:date', async ({ params, body: input }, request, reply) => {
    const date = parseDay(params.date);
    return sendJsonText(reply, jsonOnce(await plan.setDay(request.auth.userId, date, input)));
  });
  on('DELETE /api/plan/days/:date', async (input, request, reply) => {
    await plan.clearDay(request.auth.userId, parseDay(input.params.date));
    return reply.code(204).send();
  });

  // ---- calendar feed: the token is managed from a signed-in session only (as API keys are) ----
  on('GET /api/plan/calendar-token', async (_input, request) => plan.calendarToken(request.auth.userId));
  on('POST /api/plan/calendar-token', async (_input, request, reply) =>
    reply.code(201).send(await plan.rotateCalendarToken(request.auth.userId)),
  );
  on('DELETE /api/plan/calendar-token', async (_input, request, reply) => {
    await plan.revokeCalendarToken(request.auth.userId);
    return reply.code(204).send();
  });
  on('GET /api/plan/calendar.ics', async (input, _request, reply) => {
    const { token, lang } = input.query;
    const userId = await plan.riderOfCalendarToken(token);
    const body = await plan.calendar(userId, lang ?? 'en');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="vatio-plan.ics"')
      .header('cache-control', 'private, max-age=300')
      .send(body);
  });

  // ---- workouts ----
  on('GET /api/workouts', async (_input, request) => workouts.list(request.auth.userId));
  on('POST /api/workouts', async (input, request, reply) =>
    reply.code(201).send(await workouts.create(request.auth.userId, input.body)),
  );
  on('GET /api/workouts/library', async (_input, request) => workouts.library(request.auth.userId));
  on('GET /api/workouts/:id', async (input, request) => workouts.get(request.auth.userId, input.params.id));
  on('PATCH /api/workouts/:id', async (input, request) =>
    workouts.update(request.auth.userId, input.params.id, input.body),
  );
  on('DELETE /api/workouts/:id', async (input, request, reply) => {
    await workouts.delete(request.auth.userId, input.params.id);
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
  on('GET /api/workouts/:id/download', async (input, request, reply) => {
    const { format, hr_as_power } = input.query;
    const file = await workouts.exportFile(
      request.auth.userId,
      { source: 'own', id: input.params.id },
      format,
      hr_as_power === 'true',
    );
    return sendFile(reply, file);
  });
  on('GET /api/workouts/library/download', async (input, request, reply) => {
    const { format, hr_as_power, workout, tss } = input.query;
    const file = await workouts.exportFile(
      request.auth.userId,
      { source: 'library', id: workout, ...(tss === undefined ? {} : { tss }) },
      format,
      hr_as_power === 'true',
    );
    return sendFile(reply, file);
  });
}
