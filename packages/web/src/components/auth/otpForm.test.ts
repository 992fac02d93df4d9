import { describe, expect, it } from 'vitest';
import { schemaResolver } from '../../lib/form';
import { emptyOtpForm, isOtpComplete, otpFormSchema } from './otpForm';

const options = { fields: {}, shouldUseNativeValidation: false };
const resolve = schemaResolver(otpFormSchema);

describe('one-time-code form', () => {
  it('sends the six boxes as one code', async () => {
    const result = await resolve({ code: ['1', '2', '3', '4', '5', '6'] }, undefined, options);
    expect(result).toEqual({ values: { code: '123456' }, errors: {} });
  });

  it('refuses a code with an empty box or a letter, with the server schema message', async () => {
    const empty = await resolve(emptyOtpForm(), undefined, options);
    expect(empty.errors.code?.message).toBe('code_invalid');
    const short = await resolve({ code: ['1', '2', '3', '4', '5', ''] }, undefined, options);
    expect(short.errors.code?.message).toBe('code_invalid');
    const letter = await resolve({ code: ['1', '2', '3', 'a', '5', '6'] }, undefined, options);
    expect(letter.errors.code?.message).toBe('code_invalid');
  });

  it('says when the boxes hold a whole code', () => {
    expect(isOtpComplete(emptyOtpForm().code)).toBe(false);
    expect(isOtpComplete(['1', '2', '3', '4', '5', ''])).toBe(false);
    expect(isOtpComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
  });
});
