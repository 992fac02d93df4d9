import { connect } from 'node:net';

// The cheap contacts the health checks make: a TCP connection (mail and text providers: a
// connection proves the server answers without sending anything) and an HTTP request (Strava),
// each with a short timeout.

export class ProbeTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

/** Resolves with the promise's value, or rejects with ProbeTimeout after `timeoutMs`. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(timeoutMs)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Opens and closes a TCP connection; rejects on refusal or timeout. */
export function tcpProbe(host: string, port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new ProbeTimeout(timeoutMs));
    });
    socket.once('error', (error) => {
      socket.destroy();
      reject(error);
    });
  });
}

/** A GET without credentials; resolves with the status (any answer means the server is reachable). */
export async function httpProbe(url: string, timeoutMs: number): Promise<number> {
  try {
    const response = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw new ProbeTimeout(timeoutMs);
    throw error;
  }
}

/** A URL's host and port, and nothing else (never its user, password, path or query). */
export function hostOf(
  url: string,
  defaultPorts: Record<string, number> = {},
): { host: string; port: number } | undefined {
  try {
    const parsed = new URL(url);
    const port = parsed.port
      ? Number(parsed.port)
      : (defaultPorts[parsed.protocol] ?? (parsed.protocol === 'https:' ? 443 : 80));
    return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port };
  } catch {
    return undefined;
  }
}

/** A failure's words without anything the URL carried (fetch and net errors name the host at most). */
export function failureText(error: unknown): string {
  if (error instanceof ProbeTimeout) return error.message;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = (error as { code?: string })?.code ?? cause?.code;
  if (code) return code;
  return error instanceof Error ? error.message.replace(/\/\/[^@\s/]*@/g, '//') : String(error);
}
