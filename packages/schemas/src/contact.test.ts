import { describe, expect, test } from 'vitest';
import { isValidEmail } from './contact.ts';

// Hand-written cases (issue 28), after RFC 5321 §4.1.2 and RFC 5322 §3.2.3 dot-atoms.
describe('isValidEmail', () => {
  test.each([
    'rider@example.org',
    'Rider.Name+vatio@Example.ORG',
    "o'brien@club.co.uk",
    'a_b-c@sub-domain.example.com',
    'x@a.io',
    'ciclista@correo.españa.es',
    'user@xn--espaa-rta.es',
    '  padded@example.org  ',
  ])('accepts %s', (email) => expect(isValidEmail(email)).toBe(true));

  test.each([
    'x@exa<mple.com',
    'x@example.com>',
    '<x@example.com>',
    'x@exa(mple).com',
    'x@exa,mple.com',
    'x@exa;mple.com',
    'x@exa:mple.com',
    'x@exa"mple.com',
    'x@exa\\\\mple.com',
    'x@[192.168.0.1]',
    'x@exa mple.com',
    'x y@example.com',
    'x@example',
    'x@.example.com',
    'x@example..com',
    'x@-example.com',
    'x@example-.com',
    '.x@example.com',
    'x.@example.com',
    'x..y@example.com',
    '"x"@example.com',
    'x@@example.com',
    '@example.com',
    'x@',
    `${'a'.repeat(65)}@example.com`,
    `x@${'a'.repeat(64)}.com`,
  ])('refuses %s', (email) => expect(isValidEmail(email)).toBe(false));
});
