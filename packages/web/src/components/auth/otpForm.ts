import { otpCodeSchema } from '@vatio/schemas';
import { z } from 'zod';
import { emptyOtp } from './OtpInput';

// The one-time-code forms (sign-in, adding a contact): the six boxes are one field, a list of
// digits, checked whole by the code schema the server uses ('code_invalid').

export interface OtpFormValues {
  code: string[];
}

export const otpFormSchema = z.object({
  code: z
    .array(z.string())
    .transform((digits) => digits.join(''))
    .pipe(otpCodeSchema),
});

export type OtpFormOutput = z.output<typeof otpFormSchema>;

export const emptyOtpForm = (): OtpFormValues => ({ code: emptyOtp() });

/** Whether the boxes hold a whole code, so the submit button can be enabled. */
export function isOtpComplete(digits: string[]): boolean {
  return otpCodeSchema.safeParse(digits.join('')).success;
}
