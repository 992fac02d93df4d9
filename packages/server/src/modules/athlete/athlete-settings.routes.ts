import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { contractRoutes } from '../../http/route.ts';
import type { ReanalysisService } from '../imports/reanalysis.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { athleteSettingsContracts } from './athlete-settings.contract.ts';
import type {
  AthleteSettingsRepository,
  AthleteSettingsRow,
} from '../../kernel/athlete-settings.repository.ts';

const present = (r: AthleteSettingsRow) => ({
  id: r.id,
  effective_from: r.effective_from,
  ftp_w: r.ftp_w,
  weight_kg: r.weight_kg,
  max_hr_bpm: r.max_hr_bpm,
  lthr_bpm: r.lthr_bpm,
});

const VALUES = ['ftp_w', 'weight_kg', 'max_hr_bpm', 'lthr_bpm'] as const;

/**
 * The first date an entry's change reaches: all rides (undefined) for an FTP (see POST), or when the
 * entry is (or was) the rider's earliest for one of its values, since rides before it take it as the
 * nearest (ride-settings.ts `riderValueAt`); else its own date.
 */
function reanalysisFrom(row: AthleteSettingsRow, others: readonly AthleteSettingsRow[]): string | undefined {
  if (row.ftp_w !== null) return undefined;
  const earliest = VALUES.some(
    (key) =>
      row[key] !== null &&
      !others.some((o) => o.id !== row.id && o[key] !== null && o.effective_from < row.effective_from),
  );
  return earliest ? undefined : row.effective_from;
}

export function athleteSettingsRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; athleteSettings: AthleteSettingsRepository; reanalysis: ReanalysisService },
) {
  const { athleteSettings, reanalysis } = deps;
  const on = contractRoutes(app, athleteSettingsContracts, deps);

  on('GET /api/athlete-settings', async (_input, request) => ({
    history: (await athleteSettings.list(request.auth.userId)).map(present),
  }));

  // A change from a date on affects every ride from that date: they are re-analysed in the background.
  // A rider's earliest value also reaches back: rides before it take it as the nearest (FTP, weight,
  // max HR, LTHR); and an FTP may replace an estimate anywhere, so an FTP re-analyses the rider's
  // whole history. The answer says how many rides are being re-analysed.
  on('POST /api/athlete-settings', async ({ body: input }, request, reply) => {
    const row = await athleteSettings.upsert(request.auth.userId, input);
    const history = await athleteSettings.list(request.auth.userId);
    const rides = await reanalysis.scheduleFrom(request.auth.userId, reanalysisFrom(row, history));
    return reply.code(201).send({ ...present(row), reanalysis: { rides } });
  });

  on('DELETE /api/athlete-settings/:id', async (input, request, reply) => {
    const row = await athleteSettings.delete(request.auth.userId, input.params.id);
    if (!row) throw new AppError('NOT_FOUND');
    const history = await athleteSettings.list(request.auth.userId);
    await reanalysis.scheduleFrom(request.auth.userId, reanalysisFrom(row, history));
    return reply.code(204).send();
  });

  on('GET /api/reanalysis', async (_input, request) => {
    const remaining = await reanalysis.pending(request.auth.userId);
    return { status: remaining > 0 ? 'running' : 'idle', remaining };
  });
}
