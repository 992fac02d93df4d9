import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { maskRecipient, writeToOutbox } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}): MailTransport {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (!smtpUrl) {
    logger.info({ outboxDir }, 'SMTP_URL not set: e-mails are written to the outbox folder');
    return {
      kind: 'outbox',
      async send(message) {
        const path = writeToOutbox(outboxDir, { channel: 'email', ...message }, new Date());
        logger.info({ to: maskRecipient(message.to), path }, 'e-mail written to outbox');
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
      logger.info({ to: maskRecipient(message.to) }, 'e-mail sent');
    },
    close() {
      transporter.close();
    },
  };
}
