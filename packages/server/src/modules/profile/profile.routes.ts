import { profileSchema, settingsSchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../http/auth-hook.ts';
import { presentProfile, presentSettings, presentSubscription, presentUser } from '../../http/presenters.ts';
import { parseBody } from '../../http/validate.ts';
import type { ReanalysisService } from '../activities/reanalysis.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UserRepository } from '../auth/user.repository.ts';
import type { ProfileRepository } from './profile.repository.ts';

export function profileRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    users: UserRepository;
    profiles: ProfileRepository;
    reanalysis: ReanalysisService;
    now: () => Date;
  },
) {
  const { auth, users, profiles, reanalysis, now } = deps;
  const guard = { preHandler: requireAuth(auth) };

  app.get('/api/me', guard, async (request) => {
    const userId = request.auth.userId;
    const [user, profile, settings] = await Promise.all([
      users.findById(userId),
      profiles.findProfile(userId),
      profiles.findSettings(userId),
    ]);
    if (!user) throw new AppError('UNAUTHORIZED');
    return {
      user: presentUser(user),
      profile: profile ? presentProfile(profile) : null,
      settings: presentSettings(settings, profile),
    };
  });

  app.get('/api/profile', guard, async (request) => {
    const profile = await profiles.findProfile(request.auth.userId);
    if (!profile) throw new AppError('NOT_FOUND');
    return presentProfile(profile);
  });

  app.post('/api/profile', guard, async (request, reply) => {
    const input = parseBody(profileSchema, request.body);
    const profile = await profiles.createWithSubscription(request.auth.userId, input, now());
    if (!profile) throw new AppError('PROFILE_EXISTS');
    return reply.code(201).send(presentProfile(profile));
  });

  // The profile's weight is the rider's weight on every date no dated entry covers: a change
  // re-analyses the rides (per-kilogram figures, the aero fit's mass).
  app.put('/api/profile', guard, async (request) => {
    const userId = request.auth.userId;
    const input = parseBody(profileSchema, request.body);
    const before = await profiles.findProfile(userId);
    const profile = await profiles.updateProfile(userId, input, now());
    if (!profile) throw new AppError('PROFILE_REQUIRED');
    if (before?.weight_kg !== profile.weight_kg) await reanalysis.scheduleFrom(userId, undefined);
    return presentProfile(profile);
  });

  app.get('/api/subscription', guard, async (request) => {
    const subscription = await profiles.findSubscription(request.auth.userId);
    if (!subscription) throw new AppError('NOT_FOUND');
    return presentSubscription(subscription);
  });

  app.get('/api/settings', guard, async (request) => {
    const userId = request.auth.userId;
    const [settings, profile] = await Promise.all([
      profiles.findSettings(userId),
      profiles.findProfile(userId),
    ]);
    return presentSettings(settings, profile);
  });

  app.put('/api/settings', guard, async (request) => {
    const userId = request.auth.userId;
    const { units, ...update } = parseBody(settingsSchema, request.body);
    let profile = await profiles.findProfile(userId);
    if (units !== undefined) {
      if (!profile) throw new AppError('PROFILE_REQUIRED');
      profile = await profiles.updateProfile(userId, { preferred_units: units }, now());
    }
    const settings = await profiles.upsertSettings(userId, update, now());
    return presentSettings(settings, profile);
  });
}
