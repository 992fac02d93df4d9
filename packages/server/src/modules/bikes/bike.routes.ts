import { bikeSchema, bikeUpdateSchema } from '@vatio/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../http/auth-hook.ts';
import { presentBike } from '../../http/presenters.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import type { ReanalysisService } from '../activities/reanalysis.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { BikeRepository } from './bike.repository.ts';

type IdParams = { Params: { id: string } };

export function bikeRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; bikes: BikeRepository; reanalysis: ReanalysisService; now: () => Date },
) {
  const { auth, bikes, reanalysis, now } = deps;
  const guard = { preHandler: requireAuth(auth) };

  app.get('/api/bikes', guard, async (request) => (await bikes.list(request.auth.userId)).map(presentBike));

  app.post('/api/bikes', guard, async (request, reply) => {
    const { is_primary, ...values } = parseBody(bikeSchema, request.body);
    const bike = await bikes.create(request.auth.userId, values, is_primary === true, now());
    return reply.code(201).send(presentBike(bike));
  });

  app.get<IdParams>('/api/bikes/:id', guard, async (request) => {
    const bike = await bikes.find(request.auth.userId, parseId(request.params.id));
    if (!bike) throw new AppError('NOT_FOUND');
    return presentBike(bike);
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
}
