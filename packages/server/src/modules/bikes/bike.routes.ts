import {
  bikeSchema,
  bikeUpdateSchema,
  componentReplaceSchema,
  componentSchema,
  componentUpdateSchema,
  maintenanceSchema,
  maintenanceUpdateSchema,
  moveRidesSchema,
} from '@vatio/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../http/auth-hook.ts';
import { presentBike } from '../../http/presenters.ts';
import { langQuery } from '../../http/contract.ts';
import { parseBody, parseId, parseQuery } from '../../http/validate.ts';
import type { ReanalysisService } from '../imports/reanalysis.service.ts';
import { displayRideName, requestLanguage } from '../activities/ride-name.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { BikeRepository, BikeRow } from '../../kernel/bike.repository.ts';
import type { GarageService } from './garage.service.ts';

type IdParams = { Params: { id: string } };
type ComponentParams = { Params: { id: string; componentId: string } };
type EntryParams = { Params: { id: string; entryId: string } };

export function bikeRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    bikes: BikeRepository;
    garage: GarageService;
    reanalysis: ReanalysisService;
    now: () => Date;
  },
) {
  const { auth, bikes, garage, reanalysis, now } = deps;
  const guard = { preHandler: requireAuth(auth) };

  // The bike as before (profile and onboarding read it), plus its Strava gear id and its stats.
  const withStats = async (userId: string, list: BikeRow[], bikeId?: string) => {
    const stats = await garage.stats(userId, list, bikeId);
    return list.map((b) => ({
      ...presentBike(b),
      strava_gear_id: b.strava_gear_id,
      stats: stats.get(b.id)!,
    }));
  };

  app.get('/api/bikes', guard, async (request) =>
    withStats(request.auth.userId, await bikes.list(request.auth.userId)),
  );

  app.post('/api/bikes', guard, async (request, reply) => {
    const { is_primary, ...values } = parseBody(bikeSchema, request.body);
    const bike = await bikes.create(request.auth.userId, values, is_primary === true, now());
    return reply.code(201).send(presentBike(bike));
  });

  app.get<IdParams>('/api/bikes/:id', guard, async (request) => {
    const bike = await bikes.find(request.auth.userId, parseId(request.params.id));
    if (!bike) throw new AppError('NOT_FOUND');
    return (await withStats(request.auth.userId, [bike], bike.id))[0];
  });

  // PUT and PATCH are one partial update: only the fields sent change.
  const update = async (request: FastifyRequest<IdParams>) => {
    const id = parseId(request.params.id);
    const { is_primary, aero_activity_id, ...values } = parseBody(bikeUpdateSchema, request.body);
    const userId = request.auth.userId;
    const before = await bikes.find(userId, id);
    if (!before) throw new AppError('NOT_FOUND');
    // CdA or Crr saved from the aero lab: when, and from which of the rider's rides.
    const aero =
      values.cda_m2 !== undefined || values.crr !== undefined
        ? {
            aero_measured_at: now(),
            aero_activity_id:
              aero_activity_id && (await bikes.ownsActivity(userId, aero_activity_id))
                ? aero_activity_id
                : null,
          }
        : {};
    if (aero_activity_id && !('aero_activity_id' in aero && aero.aero_activity_id)) {
      throw new AppError('VALIDATION', 'That ride does not exist.', {
        fields: { aero_activity_id: 'invalid' },
      });
    }
    let bike = await bikes.update(userId, id, { ...values, ...aero }, now());
    if (!bike) throw new AppError('NOT_FOUND');
    // The bike's weight is part of its rides' system mass (aero fit): they are re-analysed.
    if (before.weight_kg !== bike.weight_kg) await reanalysis.scheduleBike(userId, id);
    if (is_primary === true) bike = await bikes.setPrimary(userId, id, now());
    return presentBike(bike!);
  };
  app.put<IdParams>('/api/bikes/:id', guard, update);
  app.patch<IdParams>('/api/bikes/:id', guard, update);

  app.delete<IdParams>('/api/bikes/:id', guard, async (request, reply) => {
    if (!(await bikes.delete(request.auth.userId, parseId(request.params.id))))
      throw new AppError('NOT_FOUND');
    return reply.code(204).send();
  });

  app.post<IdParams>('/api/bikes/:id/primary', guard, async (request) => {
    const bike = await bikes.setPrimary(request.auth.userId, parseId(request.params.id), now());
    if (!bike) throw new AppError('NOT_FOUND');
    return presentBike(bike);
  });

  garageRoutes(app, { guard, garage });
}

/** The garage (issue 15): a bike's rides, performance, parts and service log; every id the rider's. */
function garageRoutes(
  app: FastifyInstance,
  deps: { guard: { preHandler: ReturnType<typeof requireAuth> }; garage: GarageService },
) {
  const { guard, garage } = deps;

  app.get('/api/maintenance/due', guard, async (request) => ({ due: await garage.due(request.auth.userId) }));

  app.get<IdParams>('/api/bikes/:id/performance', guard, async (request) =>
    garage.performance(request.auth.userId, parseId(request.params.id)),
  );

  // An unnamed ride is called as in the activities list ("Salida matinal"), in the reader's language.
  app.get<IdParams>('/api/bikes/:id/rides', guard, async (request) => {
    const { lang } = parseQuery(langQuery, request.query);
    const language = requestLanguage(lang, request.headers['accept-language']);
    return (await garage.rides(request.auth.userId, parseId(request.params.id))).map((r) => ({
      id: r.id,
      name: displayRideName(r, language),
      start_time: r.start_time.toISOString(),
      distance_m: r.distance_m,
      moving_time_s: r.moving_time_s,
    }));
  });

  app.post<IdParams>('/api/bikes/:id/rides', guard, async (request) => {
    const id = parseId(request.params.id);
    const input = parseBody(moveRidesSchema, request.body);
    const which = input.ids ? { ids: input.ids.map(parseId) } : { from: input.from!, to: input.to! };
    return { moved: await garage.moveRides(request.auth.userId, id, which) };
  });

  app.get<IdParams>('/api/bikes/:id/components', guard, async (request) =>
    garage.components(request.auth.userId, parseId(request.params.id)),
  );

  app.post<IdParams>('/api/bikes/:id/components', guard, async (request, reply) => {
    const id = parseId(request.params.id);
    const input = parseBody(componentSchema, request.body);
    return reply.code(201).send(await garage.addComponent(request.auth.userId, id, input));
  });

  app.patch<ComponentParams>('/api/bikes/:id/components/:componentId', guard, async (request) => {
    const { id, componentId } = request.params;
    const input = parseBody(componentUpdateSchema, request.body);
    return garage.updateComponent(request.auth.userId, parseId(id), parseId(componentId), input);
  });

  app.delete<ComponentParams>('/api/bikes/:id/components/:componentId', guard, async (request, reply) => {
    const { id, componentId } = request.params;
    await garage.deleteComponent(request.auth.userId, parseId(id), parseId(componentId));
    return reply.code(204).send();
  });

  app.post<ComponentParams>(
    '/api/bikes/:id/components/:componentId/replace',
    guard,
    async (request, reply) => {
      const { id, componentId } = request.params;
      const input = parseBody(componentReplaceSchema, request.body);
      const replaced = await garage.replaceComponent(
        request.auth.userId,
        parseId(id),
        parseId(componentId),
        input,
      );
      return reply.code(201).send(replaced);
    },
  );

  app.get<IdParams>('/api/bikes/:id/maintenance', guard, async (request) =>
    garage.maintenance(request.auth.userId, parseId(request.params.id)),
  );

  app.post<IdParams>('/api/bikes/:id/maintenance', guard, async (request, reply) => {
    const id = parseId(request.params.id);
    const input = parseBody(maintenanceSchema, request.body);
    return reply.code(201).send(await garage.addMaintenance(request.auth.userId, id, input));
  });

  app.patch<EntryParams>('/api/bikes/:id/maintenance/:entryId', guard, async (request) => {
    const { id, entryId } = request.params;
    const input = parseBody(maintenanceUpdateSchema, request.body);
    return garage.updateMaintenance(request.auth.userId, parseId(id), parseId(entryId), input);
  });

  app.delete<EntryParams>('/api/bikes/:id/maintenance/:entryId', guard, async (request, reply) => {
    const { id, entryId } = request.params;
    await garage.deleteMaintenance(request.auth.userId, parseId(id), parseId(entryId));
    return reply.code(204).send();
  });
}
