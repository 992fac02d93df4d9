import { emailSchema, normalizeEmail, normalizePhone, phoneSchema } from '@vatio/schemas';
import { z } from 'zod';
import type { ContactType } from './authNavigation';

// The sign-in request form (spec 000 §2, §4, §5). It keeps both tabs' inputs, so switching tabs
// keeps what was typed; only the chosen tab's contact is checked and sent. Login needs a
// non-empty contact; signup also checks its format (the schemas the server uses) and the terms.

export interface ContactRequestValues {
  type: ContactType;
  email: string;
  phone: string;
  terms: boolean;
}

/** The input that holds each way's contact (its name, as browsers' autofill reads it). */
export const CONTACT_FIELD = { email: 'email', sms: 'phone' } as const satisfies Record<
  ContactType,
  keyof ContactRequestValues
>;

/** What the form hands on: the chosen way and the contact, normalised as the server stores it. */
export interface ContactRequestOutput {
  type: ContactType;
  contact: string;
}

export const emptyContactRequest = (): ContactRequestValues => ({
  type: 'email',
  email: '',
  phone: '',
  terms: false,
});

/** The message key of a contact's format error ('email_invalid', 'phone_invalid'), or undefined. */
export function contactFormatError(type: ContactType, value: string): string | undefined {
  const result = (type === 'email' ? emailSchema : phoneSchema).safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'invalid');
}

export function contactRequestFormSchema(signup: boolean) {
  return z
    .object({
      type: z.enum(['email', 'sms']),
      email: z.string(),
      phone: z.string(),
      terms: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const field = CONTACT_FIELD[values.type];
      const raw = values[field].trim();
      const contactKey =
        raw === '' ? 'contact_required' : signup ? contactFormatError(values.type, raw) : undefined;
      if (contactKey) ctx.addIssue({ code: 'custom', path: [field], message: contactKey });
      if (signup && !values.terms)
        ctx.addIssue({ code: 'custom', path: ['terms'], message: 'terms_required' });
    })
    .transform(
      ({ type, email, phone }): ContactRequestOutput => ({
        type,
        contact: type === 'email' ? normalizeEmail(email) : normalizePhone(phone.trim()),
      }),
    );
}
