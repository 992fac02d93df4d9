import { describe, expect, it } from 'vitest';
import { isUnknownSideBalance, leftShareFromBalance, leftShareFromBalance100 } from './balance.ts';

describe('FIT left/right balance', () => {
  it('reads a record value with the right flag as the right share and returns the left share', () => {
    expect(leftShareFromBalance(0x80 | 52)).toBe(48);
  });

  it('leaves out record values whose side is unknown, and the invalid value', () => {
    expect(leftShareFromBalance(50)).toBeUndefined();
    expect(isUnknownSideBalance(50)).toBe(true);
    expect(leftShareFromBalance(0xff)).toBeUndefined();
  });

  it('decodes the Edge 810 session value 37752 as 50.16 % left', () => {
    expect(leftShareFromBalance100(37752)).toBe(50.16);
  });

  it('refuses percentages above 100', () => {
    expect(leftShareFromBalance(0x80 | 120)).toBeUndefined();
    expect(leftShareFromBalance100(0x8000 | 12000)).toBeUndefined();
  });
});
