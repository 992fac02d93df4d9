import type { FastifyBaseLogger } from 'fastify';
import { maskRecipient, writeToOutbox } from './outbox.ts';

export interface SmsTransport {
  readonly kind: 'http' | 'outbox';
  send(message: { to: string; text: string }): Promise<void>;
}

const SMS_TIMEOUT_MS = 10_000;

/**
 * SMS through a configurable HTTP provider: POST SMS_PROVIDER_URL with JSON `{ to, text }`.
 * Credentials in the URL (https://user:key@host/path) are sent as HTTP Basic auth, never logged.
 * A small adapter service can translate this to any vendor's API.
 */
export function createSmsTransport(options: {
  providerUrl: string | undefined;
  outboxDir: string;
  logger: FastifyBaseLogger;
}): SmsTransport {
  const { providerUrl, outboxDir, logger } = options;
  if (!providerUrl) {
    logger.info({ outboxDir }, 'SMS_PROVIDER_URL not set: text messages are written to the outbox folder');
    return {
      kind: 'outbox',
      async send(message) {
        const path = writeToOutbox(outboxDir, { channel: 'sms', ...message }, new Date());
        logger.info({ to: maskRecipient(message.to), path }, 'text message written to outbox');
      },
    };
  }
  const url = new URL(providerUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.username) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return {
    kind: 'http',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
      logger.info({ to: maskRecipient(message.to) }, 'text message sent');
    },
  };
}
