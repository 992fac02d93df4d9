import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  test('opens what it sealed, for the same context only', () => {
    const sealed = box.seal('token-123', 'rider-a:access');
    expect(box.open(sealed, 'rider-a:access')).toBe('token-123');
    expect(() => box.open(sealed, 'rider-b:access')).toThrow();
  });

  test('refuses an altered value', () => {
    const [version, nonce, tag, body] = box.seal('token-123', 'ctx').split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([version, nonce, tag, flipped.toString('base64url')].join('.'), 'ctx')).toThrow();
  });

  test('refuses a value whose tag was cut short (GCM would accept a 4-byte tag)', () => {
    const [version, nonce, tag, body] = box.seal('token-123', 'ctx').split('.');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => box.open([version, nonce, short, body].join('.'), 'ctx')).toThrow('not a sealed value');
  });
});
