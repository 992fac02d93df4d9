import type { FastifyInstance } from 'fastify';

export interface UploadPart {
  name: string;
  bytes: Uint8Array;
}

/** Builds a real multipart/form-data body with one `file` part per file. */
export function multipartBody(files: UploadPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vatio${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(app: FastifyInstance, headers: Record<string, string>, files: UploadPart[]) {
  const body = multipartBody(files);
  return app.inject({
    method: 'POST',
    url: '/api/activities/upload',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

interface ImportStatus {
  status: string;
  counts: Record<string, number>;
  files: {
    name: string;
    status: string;
    message_code: string | null;
    message: string | null;
    activity_id: string | null;
  }[];
}

/** Polls the import until no file is queued or processing. */
export async function waitForImport(
  app: FastifyInstance,
  headers: Record<string, string>,
  importId: string,
  timeoutMs = 60_000,
): Promise<ImportStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ url: `/api/imports/${importId}`, headers });
    const body = response.json() as ImportStatus;
    if (body.status === 'done') return body;
    if (Date.now() > deadline) throw new Error(`import still ${body.status}: ${JSON.stringify(body.counts)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
