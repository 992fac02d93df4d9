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

/** The first date an entry's change reaches: all rides for an FTP (see POST), else its own date. */
const reanalysisFrom = (row: AthleteSettingsRow): string | undefined =>
  row.ftp_w !== null ? undefined : row.effective_from;

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
  // An FTP also reaches back: rides before any FTP entry are measured against the nearest one
  // (resolveFtp), and estimated ones may now have one; so an FTP re-analyses the rider's whole
  // history. The answer says how many rides are being re-analysed.
  app.post('/api/athlete-settings', guard, async (request, reply) => {
    const input = parseBody(athleteSettingsSchema, request.body);
    const row = await athleteSettings.upsert(request.auth.userId, input);
    const rides = await reanalysis.scheduleFrom(request.auth.userId, reanalysisFrom(row));
    return reply.code(201).send({ ...present(row), reanalysis: { rides } });
  });

  app.delete<{ Params: { id: string } }>('/api/athlete-settings/:id', guard, async (request, reply) => {
    const row = await athleteSettings.delete(request.auth.userId, parseId(request.params.id));
    if (!row) throw new AppError('NOT_FOUND');
    await reanalysis.scheduleFrom(request.auth.userId, reanalysisFrom(row));
    return reply.code(204).send();
  });

  app.get('/api/reanalysis', guard, async (request) => {
    const remaining = await reanalysis.pending(request.auth.userId);
    return { status: remaining > 0 ? 'running' : 'idle', remaining };
  });
}
