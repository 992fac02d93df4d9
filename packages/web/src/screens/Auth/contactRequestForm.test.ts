import { describe, expect, it } from 'vitest';
import { schemaResolver } from '../../lib/form';
import {
  type ContactRequestValues,
  contactFormatError,
  contactRequestFormSchema,
  emptyContactRequest,
} from './contactRequestForm';

const options = { fields: {}, shouldUseNativeValidation: false };
const resolve = (signup: boolean, values: Partial<ContactRequestValues>) =>
  schemaResolver(contactRequestFormSchema(signup))(
    { ...emptyContactRequest(), ...values },
    undefined,
    options,
  );

describe('contact request form', () => {
  it('needs a contact on the chosen tab, and nothing else, to log in', async () => {
    const empty = await resolve(false, { email: '   ', phone: '+34600000000' });
    expect(empty.errors.email?.message).toBe('contact_required');
    expect(Object.keys(empty.errors)).toEqual(['email']);
    // Login leaves the format to the server (the form maps its VALIDATION to the field).
    const loose = await resolve(false, { email: ' Ana@Example.ORG ', terms: false });
    expect(loose).toEqual({ values: { type: 'email', contact: 'ana@example.org' }, errors: {} });
    const phone = await resolve(false, { type: 'sms', phone: ' +34 600 000 001 ' });
    expect(phone.values).toEqual({ type: 'sms', contact: '+34600000001' });
  });

  it('checks the format and the terms on signup, with the schemas the server uses', async () => {
    const bad = await resolve(true, { email: 'ana@', terms: false });
    expect(bad.errors.email?.message).toBe('email_invalid');
    expect(bad.errors.terms?.message).toBe('terms_required');
    const badPhone = await resolve(true, { type: 'sms', phone: '600 000 001', terms: true });
    expect(badPhone.errors.phone?.message).toBe('phone_invalid');
    expect(Object.keys(badPhone.errors)).toEqual(['phone']);
    const required = await resolve(true, { type: 'sms', email: 'ana@example.org', terms: true });
    expect(required.errors.phone?.message).toBe('contact_required');
    const fine = await resolve(true, { email: 'ANA@example.org', phone: 'not checked', terms: true });
    expect(fine).toEqual({ values: { type: 'email', contact: 'ana@example.org' }, errors: {} });
  });

  it('names the format error of a contact', () => {
    expect(contactFormatError('email', 'ana@example.org')).toBeUndefined();
    expect(contactFormatError('email', 'ana')).toBe('email_invalid');
    expect(contactFormatError('sms', '+34 600 000 001')).toBeUndefined();
    expect(contactFormatError('sms', '0034600000001')).toBe('phone_invalid');
  });
});
