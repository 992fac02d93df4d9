import {
  bikePositionSchema,
  bodyMeasurementSchema,
  FIT_PHOTO_MAX_BYTES,
  fittingPhotoUpdateSchema,
  fittingSessionSchema,
} from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../http/auth-hook.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { malformedAs400, requireMultipartBoundary } from '../imports/upload.ts';
import { presentMeasurement, presentPhoto, presentPosition, presentSession } from './fitting.presenter.ts';
import type { FittingService } from './fitting.service.ts';

type IdParams = { Params: { id: string } };

export function fittingRoutes(app: FastifyInstance, deps: { auth: AuthService; fitting: FittingService }) {
  const { auth, fitting } = deps;
  const guard = { preHandler: requireAuth(auth) };

  // ---- body measurements ----
  app.get('/api/fitting/measurements', guard, async (request) =>
    (await fitting.measurements(request.auth.userId)).map(presentMeasurement),
  );
  app.post('/api/fitting/measurements', guard, async (request, reply) => {
    const values = parseBody(bodyMeasurementSchema, request.body);
    return reply
      .code(201)
      .send(presentMeasurement(await fitting.addMeasurement(request.auth.userId, values)));
  });
  app.put<IdParams>('/api/fitting/measurements/:id', guard, async (request) => {
    const id = parseId(request.params.id);
    const values = parseBody(bodyMeasurementSchema, request.body);
    return presentMeasurement(await fitting.changeMeasurement(request.auth.userId, id, values));
  });
  app.delete<IdParams>('/api/fitting/measurements/:id', guard, async (request, reply) => {
    await fitting.removeMeasurement(request.auth.userId, parseId(request.params.id));
    return reply.code(204).send();
  });

  // ---- bike positions ----
  app.get<{ Querystring: { bike_id?: string } }>('/api/fitting/positions', guard, async (request) => {
    const bikeId = request.query.bike_id ? parseId(request.query.bike_id) : undefined;
    return (await fitting.positions(request.auth.userId, bikeId)).map(presentPosition);
  });
  app.post('/api/fitting/positions', guard, async (request, reply) => {
    const values = parseBody(bikePositionSchema, request.body);
    return reply.code(201).send(presentPosition(await fitting.addPosition(request.auth.userId, values)));
  });
  app.put<IdParams>('/api/fitting/positions/:id', guard, async (request) => {
    const id = parseId(request.params.id);
    const values = parseBody(bikePositionSchema, request.body);
    return presentPosition(await fitting.changePosition(request.auth.userId, id, values));
  });
  app.post<IdParams>('/api/fitting/positions/:id/activate', guard, async (request) =>
    presentPosition(await fitting.activatePosition(request.auth.userId, parseId(request.params.id))),
  );
  app.delete<IdParams>('/api/fitting/positions/:id', guard, async (request, reply) => {
    await fitting.removePosition(request.auth.userId, parseId(request.params.id));
    return reply.code(204).send();
  });

  // ---- fitting sessions ----
  app.get('/api/fitting/sessions', guard, async (request) =>
    (await fitting.sessions(request.auth.userId)).map(presentSession),
  );
  app.post('/api/fitting/sessions', guard, async (request, reply) => {
    const values = parseBody(fittingSessionSchema, request.body);
    return reply.code(201).send(presentSession(await fitting.addSession(request.auth.userId, values)));
  });
  app.put<IdParams>('/api/fitting/sessions/:id', guard, async (request) => {
    const id = parseId(request.params.id);
    const values = parseBody(fittingSessionSchema, request.body);
    return presentSession(await fitting.changeSession(request.auth.userId, id, values));
  });
  app.delete<IdParams>('/api/fitting/sessions/:id', guard, async (request, reply) => {
    await fitting.removeSession(request.auth.userId, parseId(request.params.id));
    return reply.code(204).send();
  });

  // ---- photos ----
  app.get('/api/fitting/photos', guard, async (request) =>
    (await fitting.photos(request.auth.userId)).map(presentPhoto),
  );
  app.post('/api/fitting/photos', guard, async (request, reply) => {
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
  app.get<IdParams>('/api/fitting/photos/:id/image', guard, async (request, reply) => {
    const { row, bytes } = await fitting.photoBytes(request.auth.userId, parseId(request.params.id));
    // The type comes from the bytes checked at upload; nosniff is on every answer (security-headers.ts).
    return reply.header('content-type', row.content_type).send(bytes);
  });
  app.put<IdParams>('/api/fitting/photos/:id', guard, async (request) => {
    const id = parseId(request.params.id);
    const values = parseBody(fittingPhotoUpdateSchema, request.body);
    return presentPhoto(await fitting.analysePhoto(request.auth.userId, id, values));
  });
  app.delete<IdParams>('/api/fitting/photos/:id', guard, async (request, reply) => {
    await fitting.removePhoto(request.auth.userId, parseId(request.params.id));
    return reply.code(204).send();
  });
}
