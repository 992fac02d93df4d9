import { athleteSettingsSchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../http/auth-hook.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import type { ReanalysisService } from '../activities/reanalysis.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AthleteSettingsRepository, AthleteSettingsRow } from './athlete-settings.repository.ts';

const present = (r: AthleteSettingsRow) => ({
  id: r.id,
  effective_from: r.effective_from,
  ftp_w: r.ftp_w,
  weight_kg: r.weight_kg,
  max_hr_bpm: r.max_hr_bpm,
  lthr_bpm: r.lthr_bpm,
});

export function athleteSettingsRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; athleteSettings: AthleteSettingsRepository; reanalysis: ReanalysisService },
) {
  const { auth, athleteSettings, reanalysis } = deps;
  const guard = { preHandler: requireAuth(auth) };

  app.get('/api/athlete-settings', guard, async (request) => ({
    history: (await athleteSettings.list(request.auth.userId)).map(present),
  }));

  // A change from a date on affects every ride from that date: they are re-analysed in the background.
  app.post('/api/athlete-settings', guard, async (request, reply) => {
    const input = parseBody(athleteSettingsSchema, request.body);
    const row = await athleteSettings.upsert(request.auth.userId, input);
    await reanalysis.scheduleFrom(request.auth.userId, row.effective_from);
    return reply.code(201).send(present(row));
  });

  app.delete<{ Params: { id: string } }>('/api/athlete-settings/:id', guard, async (request, reply) => {
    const row = await athleteSettings.delete(request.auth.userId, parseId(request.params.id));
    if (!row) throw new AppError('NOT_FOUND');
    await reanalysis.scheduleFrom(request.auth.userId, row.effective_from);
    return reply.code(204).send();
  });

  app.get('/api/reanalysis', guard, async (request) => {
    const remaining = await reanalysis.pending(request.auth.userId);
    return { status: remaining > 0 ? 'running' : 'idle', remaining };
  });
}
