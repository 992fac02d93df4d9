import type { bikeUpdateSchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { presentBike } from '../../http/presenters.ts';
import { contractRoutes } from '../../http/route.ts';
import { parseId } from '../../http/validate.ts';
import type { ReanalysisService } from '../imports/reanalysis.service.ts';
import { displayRideName, requestLanguage } from '../activities/ride-name.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { bikeContracts } from './bike.contract.ts';
import type { BikeRepository, BikeRow } from '../../kernel/bike.repository.ts';
import type { GarageService } from './garage.service.ts';

type On = ReturnType<typeof contractRoutes<typeof bikeContracts>>;

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
  const { bikes, garage, reanalysis, now } = deps;
  const on = contractRoutes(app, bikeContracts, deps);

  // The bike as before (profile and onboarding read it), plus its Strava gear id and its stats.
  const withStats = async (userId: string, list: BikeRow[], bikeId?: string) => {
    const stats = await garage.stats(userId, list, bikeId);
    return list.map((b) => ({
      ...presentBike(b),
      strava_gear_id: b.strava_gear_id,
      stats: stats.get(b.id)!,
    }));
  };

  on('GET /api/bikes', async (_input, request) =>
    withStats(request.auth.userId, await bikes.list(request.auth.userId)),
  );

  on('POST /api/bikes', async ({ body }, request, reply) => {
    const { is_primary, ...values } = body;
    const bike = await bikes.create(request.auth.userId, values, is_primary === true, now());
    return reply.code(201).send(presentBike(bike));
  });

  on('GET /api/bikes/:id', async ({ params }, request) => {
    const bike = await bikes.find(request.auth.userId, params.id);
    if (!bike) throw new AppError('NOT_FOUND');
    return (await withStats(request.auth.userId, [bike], bike.id))[0];
  });

  // PUT and PATCH are one partial update: only the fields sent change.
  const update = async (
    { params, body }: { params: { id: string }; body: z.output<typeof bikeUpdateSchema> },
    request: { auth: { userId: string } },
  ) => {
    const { id } = params;
    const { is_primary, aero_activity_id, ...values } = body;
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
  on('PUT /api/bikes/:id', update);
  on('PATCH /api/bikes/:id', update);

  on('DELETE /api/bikes/:id', async ({ params }, request, reply) => {
    if (!(await bikes.delete(request.auth.userId, params.id))) throw new AppError('NOT_FOUND');
    return reply.code(204).send();
  });

  on('POST /api/bikes/:id/primary', async ({ params }, request) => {
    const bike = await bikes.setPrimary(request.auth.userId, params.id, now());
    if (!bike) throw new AppError('NOT_FOUND');
    return presentBike(bike);
  });

  garageRoutes(on, garage);
}

/** The garage (issue 15): a bike's rides, performance, parts and service log; every id the rider's. */
function garageRoutes(on: On, garage: GarageService) {
  on('GET /api/maintenance/due', async (_input, request) => ({ due: await garage.due(request.auth.userId) }));

  on('GET /api/bikes/:id/performance', async ({ params }, request) =>
    garage.performance(request.auth.userId, params.id),
  );

  // An unnamed ride is called as in the activities list ("Salida matinal"), in the reader's language.
  on('GET /api/bikes/:id/rides', async ({ params, query }, request) => {
    const language = requestLanguage(query.lang, request.headers['accept-language']);
    return (await garage.rides(request.auth.userId, params.id)).map((r) => ({
      id: r.id,
      name: displayRideName(r, language),
      start_time: r.start_time.toISOString(),
      distance_m: r.distance_m,
      moving_time_s: r.moving_time_s,
    }));
  });

  on('POST /api/bikes/:id/rides', async ({ params, body }, request) => {
    const which = body.ids ? { ids: body.ids.map(parseId) } : { from: body.from!, to: body.to! };
    return { moved: await garage.moveRides(request.auth.userId, params.id, which) };
  });

  on('GET /api/bikes/:id/components', async ({ params }, request) =>
    garage.components(request.auth.userId, params.id),
  );

  on('POST /api/bikes/:id/components', async ({ params, body }, request, reply) =>
    reply.code(201).send(await garage.addComponent(request.auth.userId, params.id, body)),
  );

  on('PATCH /api/bikes/:id/components/:componentId', async ({ params, body }, request) =>
    garage.updateComponent(request.auth.userId, params.id, params.componentId, body),
  );

  on('DELETE /api/bikes/:id/components/:componentId', async ({ params }, request, reply) => {
    await garage.deleteComponent(request.auth.userId, params.id, params.componentId);
    return reply.code(204).send();
  });

  on('POST /api/bikes/:id/components/:componentId/replace', async ({ params, body }, request, reply) => {
    const replaced = await garage.replaceComponent(request.auth.userId, params.id, params.componentId, body);
    return reply.code(201).send(replaced);
  });

  on('GET /api/bikes/:id/maintenance', async ({ params }, request) =>
    garage.maintenance(request.auth.userId, params.id),
  );

  on('POST /api/bikes/:id/maintenance', async ({ params, body }, request, reply) =>
    reply.code(201).send(await garage.addMaintenance(request.auth.userId, params.id, body)),
  );

  on('PATCH /api/bikes/:id/maintenance/:entryId', async ({ params, body }, request) =>
    garage.updateMaintenance(request.auth.userId, params.id, params.entryId, body),
  );

  on('DELETE /api/bikes/:id/maintenance/:entryId', async ({ params }, request, reply) => {
    await garage.deleteMaintenance(request.auth.userId, params.id, params.entryId);
    return reply.code(204).send();
  });
}
