import { z } from 'zod';

// Spec 000 §5: "a simple address pattern".
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
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
  return email.length <= 254 && EMAIL_PATTERN.test(email);
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

export type ContactType = 'email' | 'sms';
