import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
}

/**
 * Development delivery: one JSON file per message in DATA_DIR/outbox (recipient and text with the
 * code). Written under a temporary name and renamed, so a reader never sees half a file.
 */
export function writeToOutbox(outboxDir: string, message: OutboxMessage, now: Date): string {
  mkdirSync(outboxDir, { recursive: true });
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const name = `${stamp}-${message.channel}-${randomBytes(4).toString('hex')}.json`;
  const path = join(outboxDir, name);
  const body = JSON.stringify({ ...message, created_at: now.toISOString() }, null, 2);
  writeFileSync(`${path}.tmp`, body, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
  return path;
}

/** For logs: enough of an address to recognise it, not enough to harvest it. */
export function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to.slice(0, 1)}***${to.slice(at)}`;
  return to.length > 4 ? `${to.slice(0, 3)}***${to.slice(-2)}` : '***';
}
