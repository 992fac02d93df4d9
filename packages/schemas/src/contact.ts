import { z } from 'zod';

// Spec 000 §5: "a simple address pattern", tightened in issue 28 to the shape of RFC 5321 §4.1.2
// (with RFC 6531's non-ASCII letters): `x@exa<mple.com` used to pass and reach the mail server.
// Local part: a dot-atom of atext (RFC 5322 §3.2.3), no quoted strings; at most 64 characters.
const LOCAL_PART =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\uFFFF-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\uFFFF-]+)*$/;
// Domain: two or more labels of letters, digits and inner hyphens, each at most 63 characters; no
// address literals ([…]), no <>()[],;:\" or spaces.
const DOMAIN_LABEL = /^[A-Za-z0-9\u0080-\uFFFF]([A-Za-z0-9\u0080-\uFFFF-]{0,61}[A-Za-z0-9\u0080-\uFFFF])?$/;

function emailShapeOk(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || domain.length > 253 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label));
}
// Spec 000 §5: international format with a plus, first digit 1–9, at most 15 digits, spaces ignored.
const PHONE_PATTERN = /^\+[1-9]\d{0,14}$/;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= 254 && emailShapeOk(email);
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(value));
}

export const emailSchema = z
  .string()
  .refine(isValidEmail, { message: 'email_invalid' })
  .transform(normalizeEmail);

export const phoneSchema = z
  .string()
  .refine(isValidPhone, { message: 'phone_invalid' })
  .transform(normalizePhone);
