import { z } from 'zod';
import { emailSchema, phoneSchema } from './contact.ts';

const languageSchema = z.enum(['es', 'en']);

/** POST /api/auth/otp: exactly one of email or phone. */
export const otpRequestSchema = z.union([
  z
    .object({ email: emailSchema, create_user: z.boolean().optional(), language: languageSchema.optional() })
    .strict(),
  z
    .object({ phone: phoneSchema, create_user: z.boolean().optional(), language: languageSchema.optional() })
    .strict(),
]);
export type OtpRequest = z.infer<typeof otpRequestSchema>;

/** POST /api/me/contacts: a signed-in rider asks for a code to add this contact. */
export const linkContactRequestSchema = z.union([
  z.object({ email: emailSchema, language: languageSchema.optional() }).strict(),
  z.object({ phone: phoneSchema, language: languageSchema.optional() }).strict(),
]);
export type LinkContactRequest = z.infer<typeof linkContactRequestSchema>;

export const otpCodeSchema = z.string().regex(/^\d{6}$/, { message: 'code_invalid' });

/** POST /api/auth/verify */
/** `language`: the page's language, saved to a new rider's settings (a returning rider's stays). */
export const verifyRequestSchema = z.union([
  z
    .object({
      email: emailSchema,
      token: otpCodeSchema,
      type: z.literal('email'),
      language: languageSchema.optional(),
    })
    .strict(),
  z
    .object({
      phone: phoneSchema,
      token: otpCodeSchema,
      type: z.literal('sms'),
      language: languageSchema.optional(),
    })
    .strict(),
]);
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

/**
 * `refresh_token` in the body (scripts), or absent when the browser's session cookie carries it
 * (then the request must say `X-Vatio-Session: cookie`; README, "Sign-in, briefly").
 */
export const refreshRequestSchema = z
  .object({ refresh_token: z.string().min(20).max(200).optional() })
  .strict();
export const logoutRequestSchema = z.object({ refresh_token: z.string().max(200).optional() }).strict();
/** POST /api/auth/logout-all ("sign out everywhere"): no options. */
export const logoutAllRequestSchema = z.object({}).strict();
