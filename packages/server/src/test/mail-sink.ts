import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives (tests read codes from it). */
export async function startSmtpSink(): Promise<{
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Reads the sign-in code from a received message (its quoted-printable body included). */
export function codeFromMail(raw: string): string | undefined {
  const unfolded = raw.replace(/=\r?\n/g, '');
  return /code(?:=3D|=)(\d{6})/.exec(unfolded)?.[1];
}

export interface ReceivedSms {
  to: string;
  text: string;
  authorization: string | undefined;
}

/** An HTTP server on loopback standing in for an SMS provider: it speaks the provider protocol Vatio uses. */
export async function startSmsSink(): Promise<{
  url: string;
  received: ReceivedSms[];
  failNext: (status: number) => void;
  close: () => Promise<void>;
}> {
  const received: ReceivedSms[] = [];
  let failWith: number | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failWith) {
        res.writeHead(failWith).end();
        failWith = undefined;
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; text: string };
      received.push({ ...body, authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://sms-user:sms-key@127.0.0.1:${port}/send`,
    received,
    failNext: (status) => {
      failWith = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function codeFromSms(text: string): string | undefined {
  return /\b(\d{6})\b/.exec(text)?.[1];
}
