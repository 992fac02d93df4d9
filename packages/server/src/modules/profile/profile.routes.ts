import { profileSchema, settingsSchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../http/auth-hook.ts';
import { presentProfile, presentSettings, presentSubscription, presentUser } from '../../http/presenters.ts';
import { parseBody } from '../../http/validate.ts';
import type { ReanalysisService } from '../imports/reanalysis.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UserRepository } from '../auth/user.repository.ts';
import type { ProfileRepository } from '../../kernel/profile.repository.ts';

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
      profiles.findProfile(userId, now()),
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
    const profile = await profiles.findProfile(request.auth.userId, now());
    if (!profile) throw new AppError('NOT_FOUND');
    return presentProfile(profile);
  });

  app.post('/api/profile', guard, async (request, reply) => {
    const input = parseBody(profileSchema, request.body);
    const profile = await profiles.createWithSubscription(request.auth.userId, input, now());
    if (!profile) throw new AppError('PROFILE_EXISTS');
    // The onboarding weight is the rider's first dated weight: rides already stored use it (nearest).
    if (profile.weight_kg !== null) await reanalysis.scheduleFrom(request.auth.userId, undefined);
    return reply.code(201).send(presentProfile(profile));
  });

  // The profile's weight is the dated weight in force today; a new one is an entry dated today, and
  // re-analyses the rides it reaches (from today; all of them when it is the rider's first weight,
  // which earlier rides take as the nearest): per-kilogram figures, the aero fit's mass.
  app.put('/api/profile', guard, async (request) => {
    const userId = request.auth.userId;
    const parsed = parseBody(profileSchema, request.body);
    // A weight left out changes nothing (a client changing only its sex must not clear the rider's
    // weights); a weight sent as null clears them (the rider takes it back).
    const sent = typeof request.body === 'object' && request.body !== null && 'weight_kg' in request.body;
    const input = sent ? parsed : { ...parsed, weight_kg: undefined };
    const updated = await profiles.updateProfile(userId, input, now());
    if (!updated) throw new AppError('PROFILE_REQUIRED');
    if (updated.weightChanged) await reanalysis.scheduleFrom(userId, undefined);
    return presentProfile(updated.profile);
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
      profiles.findProfile(userId, now()),
    ]);
    return presentSettings(settings, profile);
  });

  app.put('/api/settings', guard, async (request) => {
    const userId = request.auth.userId;
    const { units, ...update } = parseBody(settingsSchema, request.body);
    let profile = await profiles.findProfile(userId, now());
    if (units !== undefined) {
      if (!profile) throw new AppError('PROFILE_REQUIRED');
      profile = (await profiles.updateProfile(userId, { preferred_units: units }, now()))?.profile;
    }
    const settings = await profiles.upsertSettings(userId, update, now());
    return presentSettings(settings, profile);
  });
}
