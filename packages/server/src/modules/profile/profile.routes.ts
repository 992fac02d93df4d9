import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { presentProfile, presentSettings, presentSubscription, presentUser } from '../../http/presenters.ts';
import { contractRoutes } from '../../http/route.ts';
import type { ReanalysisService } from '../imports/reanalysis.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UserRepository } from '../auth/user.repository.ts';
import { profileContracts } from './profile.contract.ts';
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
  const { users, profiles, reanalysis, now } = deps;
  const on = contractRoutes(app, profileContracts, deps);

  on('GET /api/me', async (_input, request) => {
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

  on('GET /api/profile', async (_input, request) => {
    const profile = await profiles.findProfile(request.auth.userId, now());
    if (!profile) throw new AppError('NOT_FOUND');
    return presentProfile(profile);
  });

  on('POST /api/profile', async ({ body: input }, request, reply) => {
    const profile = await profiles.createWithSubscription(request.auth.userId, input, now());
    if (!profile) throw new AppError('PROFILE_EXISTS');
    // The onboarding weight is the rider's first dated weight: rides already stored use it (nearest).
    if (profile.weight_kg !== null) await reanalysis.scheduleFrom(request.auth.userId, undefined);
    return reply.code(201).send(presentProfile(profile));
  });

  // The profile's weight is the dated weight in force today; a new one is an entry dated today, and
  // re-analyses the rides it reaches (from today; all of them when it is the rider's first weight,
  // which earlier rides take as the nearest): per-kilogram figures, the aero fit's mass.
  on('PUT /api/profile', async ({ body: parsed }, request) => {
    const userId = request.auth.userId;
    // A weight left out changes nothing (a client changing only its sex must not clear the rider's
    // weights); a weight sent as null clears them (the rider takes it back).
    const sent = typeof request.body === 'object' && request.body !== null && 'weight_kg' in request.body;
    const input = sent ? parsed : { ...parsed, weight_kg: undefined };
    const updated = await profiles.updateProfile(userId, input, now());
    if (!updated) throw new AppError('PROFILE_REQUIRED');
    if (updated.weightChanged) await reanalysis.scheduleFrom(userId, undefined);
    return presentProfile(updated.profile);
  });

  on('GET /api/subscription', async (_input, request) => {
    const subscription = await profiles.findSubscription(request.auth.userId);
    if (!subscription) throw new AppError('NOT_FOUND');
    return presentSubscription(subscription);
  });

  on('GET /api/settings', async (_input, request) => {
    const userId = request.auth.userId;
    const [settings, profile] = await Promise.all([
      profiles.findSettings(userId),
      profiles.findProfile(userId, now()),
    ]);
    return presentSettings(settings, profile);
  });

  on('PUT /api/settings', async (input, request) => {
    const userId = request.auth.userId;
    const { units, ...update } = input.body;
    let profile = await profiles.findProfile(userId, now());
    if (units !== undefined) {
      if (!profile) throw new AppError('PROFILE_REQUIRED');
      profile = (await profiles.updateProfile(userId, { preferred_units: units }, now()))?.profile;
    }
    const settings = await profiles.upsertSettings(userId, update, now());
    return presentSettings(settings, profile);
  });
}
