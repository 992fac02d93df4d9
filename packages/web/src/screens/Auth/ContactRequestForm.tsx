import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { requestOtp } from '../../api/endpoints';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { isLanguage } from '../../i18n/resources';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { readFrom, toContact, type VerifyState } from './authNavigation';
import { ContactTabs } from './ContactTabs';
import {
  CONTACT_FIELD,
  type ContactRequestOutput,
  type ContactRequestValues,
  contactFormatError,
  contactRequestFormSchema,
  emptyContactRequest,
} from './contactRequestForm';

/**
 * Asks for a one-time code (spec 000 §2, §4, §5). Login only needs a non-empty contact; signup
 * also checks the format and requires the terms checkbox. Then it goes to /auth/verify-otp.
 */
export function ContactRequestForm({ signup }: { signup: boolean }) {
  const { t, i18n } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const location = useLocation();
  const termsId = useId();

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    watch,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<ContactRequestValues, unknown, ContactRequestOutput>({
    resolver: schemaResolver(contactRequestFormSchema(signup)),
    defaultValues: emptyContactRequest(),
    // An error waits for the next press of the button: typing clears it, it does not re-check.
    reValidateMode: 'onSubmit',
  });
  // After a code is sent the form stays busy until the verify screen (a lazy chunk) replaces it.
  const busy = isSubmitting || isSubmitSuccessful;
  const type = watch('type');
  const field = CONTACT_FIELD[type];
  const termsError = errors.terms?.message;

  const submit = handleSubmit(async ({ type, contact }) => {
    const language = isLanguage(i18n.language) ? i18n.language : 'en';
    try {
      await requestOtp(toContact(type, contact), signup, language);
      const state: VerifyState = { contact, type, signup, from: readFrom(location.state) };
      navigate('/auth/verify-otp', { state });
    } catch (error) {
      // The server checks the format on login too; point at the field, as on signup.
      const key =
        error instanceof ApiError && error.code === 'VALIDATION'
          ? contactFormatError(type, contact)
          : undefined;
      if (key) setError(CONTACT_FIELD[type], { message: key });
      else setError('root.server', { message: errorMessage(error, t) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <ContactTabs
        type={type}
        onTypeChange={(next) => {
          setValue('type', next);
          clearErrors(['email', 'phone']);
          clearErrors('root');
        }}
        fields={{
          email: register('email', { onChange: () => clearErrors('email') }),
          phone: register('phone', { onChange: () => clearErrors('phone') }),
        }}
        error={validationMessage(errors[field]?.message, t)}
        disabled={busy}
      />

      {signup && (
        <div className="space-y-1">
          <div className="flex items-start gap-3">
            <input
              id={termsId}
              type="checkbox"
              data-testid="terms-checkbox"
              disabled={busy}
              aria-invalid={Boolean(termsError)}
              aria-describedby={termsError ? `${termsId}-error` : undefined}
              {...register('terms', {
                onChange: (event: { target: { checked: boolean } }) => {
                  if (event.target.checked) clearErrors('terms');
                },
              })}
              className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600"
            />
            <label htmlFor={termsId} className="text-sm text-slate-700 dark:text-slate-200">
              <Trans
                t={t}
                i18nKey="auth:signup.terms"
                components={{
                  terms: (
                    <Link
                      to="/terms"
                      target="_blank"
                      className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-500"
                    />
                  ),
                  privacy: (
                    <Link
                      to="/privacy"
                      target="_blank"
                      className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-500"
                    />
                  ),
                }}
              />
            </label>
          </div>
          {termsError && (
            <p id={`${termsId}-error`} role="alert" className="text-xs font-medium text-red-600">
              {validationMessage(termsError, t)}
            </p>
          )}
        </div>
      )}

      {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}

      <Button type="submit" data-testid="send-code" loading={busy} className="w-full">
        {t('auth:sendCode')}
      </Button>
      <p className="text-center text-xs text-slate-500 dark:text-slate-400">
        {type === 'email' ? t('auth:sendHintEmail') : t('auth:sendHintPhone')}
      </p>
    </form>
  );
}
