import { FIT_PHOTO_MAX_BYTES } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { contractRoutes } from '../../http/route.ts';
import { parseId } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { malformedAs400, requireMultipartBoundary } from '../imports/upload.ts';
import { presentMeasurement, presentPhoto, presentPosition, presentSession } from './fitting.presenter.ts';
import { fittingContracts } from './fitting.contract.ts';
import type { FittingService } from './fitting.service.ts';

export function fittingRoutes(app: FastifyInstance, deps: { auth: AuthService; fitting: FittingService }) {
  const { fitting } = deps;
  const on = contractRoutes(app, fittingContracts, deps);

  // ---- body measurements ----
  on('GET /api/fitting/measurements', async (_input, request) =>
    (await fitting.measurements(request.auth.userId)).map(presentMeasurement),
  );
  on('POST /api/fitting/measurements', async ({ body: values }, request, reply) => {
    return reply
      .code(201)
      .send(presentMeasurement(await fitting.addMeasurement(request.auth.userId, values)));
  });
  on('PUT /api/fitting/measurements/:id', async (input, request) => {
    const id = input.params.id;
    const values = input.body;
    return presentMeasurement(await fitting.changeMeasurement(request.auth.userId, id, values));
  });
  on('DELETE /api/fitting/measurements/:id', async (input, request, reply) => {
    await fitting.removeMeasurement(request.auth.userId, input.params.id);
    return reply.code(204).send();
  });

  // ---- bike positions ----
  on('GET /api/fitting/positions', async (input, request) => {
    const bikeId = input.query.bike_id ? parseId(input.query.bike_id) : undefined;
    return (await fitting.positions(request.auth.userId, bikeId)).map(presentPosition);
  });
  on('POST /api/fitting/positions', async ({ body: values }, request, reply) => {
    return reply.code(201).send(presentPosition(await fitting.addPosition(request.auth.userId, values)));
  });
  on('PUT /api/fitting/positions/:id', async (input, request) => {
    const id = input.params.id;
    const values = input.body;
    return presentPosition(await fitting.changePosition(request.auth.userId, id, values));
  });
  on('POST /api/fitting/positions/:id/activate', async (input, request) =>
    presentPosition(await fitting.activatePosition(request.auth.userId, input.params.id)),
  );
  on('DELETE /api/fitting/positions/:id', async (input, request, reply) => {
    await fitting.removePosition(request.auth.userId, input.params.id);
    return reply.code(204).send();
  });

  // ---- fitting sessions ----
  on('GET /api/fitting/sessions', async (_input, request) =>
    (await fitting.sessions(request.auth.userId)).map(presentSession),
  );
  on('POST /api/fitting/sessions', async ({ body: values }, request, reply) => {
    return reply.code(201).send(presentSession(await fitting.addSession(request.auth.userId, values)));
  });
  on('PUT /api/fitting/sessions/:id', async (input, request) => {
    const id = input.params.id;
    const values = input.body;
    return presentSession(await fitting.changeSession(request.auth.userId, id, values));
  });
  on('DELETE /api/fitting/sessions/:id', async (input, request, reply) => {
    await fitting.removeSession(request.auth.userId, input.params.id);
    return reply.code(204).send();
  });

  // ---- photos ----
  on('GET /api/fitting/photos', async (_input, request) =>
    (await fitting.photos(request.auth.userId)).map(presentPhoto),
  );
  on('POST /api/fitting/photos', async (_input, request, reply) => {
    if (!request.isMultipart())
      throw new AppError('VALIDATION', 'Send the photo as multipart/form-data, in a part named "file".', {
        fields: { file: 'photo_type_invalid' },
      });
    // A body without a boundary, cut short or garbage is a 400 with a field message, not a 500.
    requireMultipartBoundary(request.headers['content-type']);
    const first = await malformedAs400(request.files()).next();
    const part = first.done ? undefined : first.value;
    if (!part)
      throw new AppError('VALIDATION', 'No file was sent.', { fields: { file: 'photo_type_invalid' } });
    // Read at most the limit (and one byte more, to know it was over): a large upload is drained, not kept.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of malformedAs400(part.file as AsyncIterable<Buffer>)) {
      size += chunk.length;
      if (size <= FIT_PHOTO_MAX_BYTES) chunks.push(chunk);
    }
    const bytes = part.file.truncated || size > FIT_PHOTO_MAX_BYTES ? null : Buffer.concat(chunks);
    const row = await fitting.addPhoto(request.auth.userId, bytes, part.filename || null);
    return reply.code(201).send(presentPhoto(row));
  });
  on('GET /api/fitting/photos/:id/image', async (input, request, reply) => {
    const { row, bytes } = await fitting.photoBytes(request.auth.userId, input.params.id);
    // The type comes from the bytes checked at upload; nosniff is on every answer (security-headers.ts).
    return reply.header('content-type', row.content_type).send(bytes);
  });
  on('PUT /api/fitting/photos/:id', async (input, request) => {
    const id = input.params.id;
    const values = input.body;
    return presentPhoto(await fitting.analysePhoto(request.auth.userId, id, values));
  });
  on('DELETE /api/fitting/photos/:id', async (input, request, reply) => {
    await fitting.removePhoto(request.auth.userId, input.params.id);
    return reply.code(204).send();
  });
}
