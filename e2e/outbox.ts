import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_DATA_DIR } from './playwright.config.ts';

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  text: string;
  created_at: string;
}

/** Waits for the newest message to `to` written after `since`, and returns the six-digit code in it. */
export async function readCode(to: string, since: number, timeoutMs = 10_000): Promise<string> {
  const dir = join(E2E_DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      const messages = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMessage)
        .filter((m) => m.to === to && Date.parse(m.created_at) >= since)
        .sort((a, b) => a.created_at.localeCompare(b.created_at));
      const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${to} in the outbox`);
}
