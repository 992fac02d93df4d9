import type { FastifyInstance } from 'fastify';
import { VALIDATION_MESSAGES } from '@vatio/schemas';
import { AppError } from '../../errors.ts';
import { contractRoutes } from '../../http/route.ts';
import { importContracts } from './import.contract.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { presentImportDetail, presentImportList, presentUpload } from './import.presenter.ts';
import { countFiles, type ImportRepository } from './import.repository.ts';
import type { ImportService } from './import.service.ts';
import { RiderGate } from './rider-gate.ts';
import { StorageQuota } from './storage-quota.ts';
import { readUpload, requireMultipartBoundary, type UploadLimits } from './upload.ts';

export function importRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    imports: ImportRepository;
    service: ImportService;
    blobs: BlobStore;
    limits: UploadLimits;
  },
) {
  const { imports, service, blobs, limits } = deps;
  const zipGate = new RiderGate(limits.maxZipsPerRider);
  const on = contractRoutes(app, importContracts, deps);
  const quota = new StorageQuota(limits.storageQuotaBytes ?? null, imports);

  on('POST /api/activities/upload', async (_input, request, reply) => {
    if (!request.isMultipart()) {
      throw new AppError('VALIDATION', 'Send the files as multipart/form-data, in parts named "file".', {
        fields: { 'content-type': 'multipart_boundary_missing' },
      });
    }
    requireMultipartBoundary(request.headers['content-type']);
    // Blobs written by this request: if it fails half-way (the disk fills, the body is cut off), none
    // stays behind without the import row that would have pointed to it.
    const created: string[] = [];
    const budget = await quota.begin(request.auth.userId);
    try {
      const incoming = await readUpload(request, {
        userId: request.auth.userId,
        limits,
        blobs,
        zipGate,
        created,
        budget,
      });
      if (incoming.length === 0)
        throw new AppError('VALIDATION', VALIDATION_MESSAGES.file_required, {
          fields: { file: 'file_required' },
        });
      const { importRow, files } = await service.createImport(
        request.auth.userId,
        'upload',
        incoming,
        created,
      );
      // An archive that fails part-way (a damaged entry after good ones) is one failed file: the
      // entries it had stored as they were unpacked are in no row, and go (fuzz finding, seed 7).
      const kept = new Set(files.map((file) => file.blob_key));
      await service.discardBlobs(created.filter((key) => !kept.has(key)));
      return reply.code(202).send(presentUpload(importRow, files));
    } catch (error) {
      await service.discardBlobs(created);
      throw error;
    } finally {
      budget.release();
    }
  });

  // Issue 28: a rider can take a failed import (and its list entry) out; the rides it stored stay.
  on('DELETE /api/imports/:id', async ({ params }, request, reply) => {
    const deleted = await imports.delete(request.auth.userId, params.id);
    if (deleted === undefined) throw new AppError('NOT_FOUND');
    if (deleted === 'running') throw new AppError('IMPORT_RUNNING');
    // Bytes only these rows held (a duplicate's own file, say) go, unless another row needs them.
    await service.discardBlobs(deleted.keys);
    return reply.code(204).send();
  });

  on('GET /api/storage', async (_input, request) => quota.usage(request.auth.userId));

  on('GET /api/imports/:id', async ({ params }, request) => {
    const userId = request.auth.userId;
    const row = await imports.find(userId, params.id);
    if (!row) throw new AppError('NOT_FOUND');
    // A demo import answers for the whole demo (issue 25 §8): its batches are imports of a dozen
    // rides each, and /sync showing the last one said "7 processed" after 103 rides.
    if (row.source === 'demo') {
      const run = await imports.demoRun(userId, row.id);
      if (run.length > 1) {
        const files = await imports.filesOf(
          userId,
          run.map((r) => r.id),
        );
        const updatedAt = new Date(Math.max(...run.map((r) => r.updated_at.getTime())));
        const whole = {
          ...row,
          created_at: run[0]!.created_at,
          updated_at: updatedAt,
          batch_pass_pending: run.some((r) => r.batch_pass_pending),
        };
        return presentImportDetail(whole, countFiles(files), files);
      }
    }
    // The counts come from the same read as the files: two reads could see a file change between
    // them and call an import done while one of its files still shows as processing.
    const files = await imports.files(userId, row.id);
    return presentImportDetail(row, countFiles(files), files);
  });

  on('GET /api/imports', async ({ query }, request) => {
    const userId = request.auth.userId;
    const { limit } = query;
    const rows = await imports.list(userId, limit);
    const counts = await imports.counts(
      userId,
      rows.map((r) => r.id),
    );
    return presentImportList(rows, counts);
  });
}
