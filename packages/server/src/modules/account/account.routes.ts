import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { contractRoutes } from '../../http/route.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ActivityRepository } from '../activities/activity.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { accountContracts } from './account.contract.ts';
import type { AccountRepository } from './account.repository.ts';
import { exportArchive } from './export-archive.ts';

export function accountRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    account: AccountRepository;
    activities: ActivityRepository;
    blobs: BlobStore;
    now: () => Date;
  },
) {
  const { account, activities, blobs, now } = deps;
  // A copy of everything, or the end of the account, takes the rider signed in: an API key (even a
  // write key, which a script or notebook may leak) gets 403 API_KEY_NOT_ALLOWED (issue 28).
  const on = contractRoutes(app, accountContracts, deps);

  on('GET /api/export', async (_input, request, reply) => {
    const snapshot = await account.snapshot(request.auth.userId);
    if (!snapshot.user) throw new AppError('UNAUTHORIZED');
    const day = now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="vatio-export-${day}.zip"`)
      .header('cache-control', 'no-store')
      .send(exportArchive(snapshot, blobs, (error) => request.log.error({ err: error }, 'export failed')));
  });

  // Really removes the rider: every row (foreign keys cascade from users) and every file no
  // other row still needs.
  on('DELETE /api/account', async (_input, request, reply) => {
    const userId = request.auth.userId;
    const keys = await account.blobKeys(userId);
    if (!(await account.deleteUser(userId))) throw new AppError('UNAUTHORIZED');
    for (const key of keys) if (!(await activities.blobInUse(key))) await blobs.delete(key);
    return reply.code(204).send();
  });
}
