import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import './strict-csp';

describe('zod under a strict CSP', () => {
  it('never compiles parsers with new Function (no eval probe for the CSP to report)', () => {
    expect(z.config().jitless).toBe(true);
    const probe = globalThis.Function;
    let calls = 0;
    globalThis.Function = new Proxy(probe, {
      construct(target, args) {
        calls++;
        return Reflect.construct(target, args);
      },
    });
    try {
      const rider = z.object({ name: z.string(), ftp_w: z.number().int().positive() });
      expect(rider.parse({ name: 'Ana', ftp_w: 250 })).toEqual({ name: 'Ana', ftp_w: 250 });
    } finally {
      globalThis.Function = probe;
    }
    expect(calls).toBe(0);
  });
});
