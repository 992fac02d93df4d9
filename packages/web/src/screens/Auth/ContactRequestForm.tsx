import { isValidEmail, isValidPhone, normalizeEmail, normalizePhone } from '@vatio/schemas';
import { type FormEvent, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { requestOtp } from '../../api/endpoints';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { isLanguage } from '../../i18n/resources';
import { errorMessage, validationMessage } from '../../lib/errors';
import { type ContactType, readFrom, toContact, type VerifyState } from './authNavigation';
import { ContactTabs } from './ContactTabs';

/** The key of the format error for a contact, or undefined when it is well formed. */
function formatError(type: ContactType, value: string): string | undefined {
  if (type === 'email') return isValidEmail(value) ? undefined : 'email_invalid';
  return isValidPhone(value) ? undefined : 'phone_invalid';
}

/**
 * Asks for a one-time code (spec 000 §2, §4, §5). Login only needs a non-empty contact; signup
 * also checks the format and requires the terms checkbox. Then it goes to /auth/verify-otp.
 */
export function ContactRequestForm({ signup }: { signup: boolean }) {
  const { t, i18n } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const location = useLocation();
  const termsId = useId();

  const [type, setType] = useState<ContactType>('email');
  const [values, setValues] = useState<Record<ContactType, string>>({ email: '', sms: '' });
  const [contactError, setContactError] = useState<string>();
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsError, setTermsError] = useState<string>();
  const [apiError, setApiError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setApiError(undefined);
    const raw = values[type].trim();
    const contactKey = raw === '' ? 'contact_required' : signup ? formatError(type, raw) : undefined;
    const termsKey = signup && !termsAccepted ? 'terms_required' : undefined;
    setContactError(contactKey);
    setTermsError(termsKey);
    if (contactKey || termsKey) return;

    const contact = type === 'email' ? normalizeEmail(raw) : normalizePhone(raw);
    const language = isLanguage(i18n.language) ? i18n.language : 'en';
    setBusy(true);
    try {
      await requestOtp(toContact(type, contact), signup, language);
      const state: VerifyState = { contact, type, signup, from: readFrom(location.state) };
      navigate('/auth/verify-otp', { state });
    } catch (error) {
      // The server checks the format on login too; point at the field, as on signup.
      const key =
        error instanceof ApiError && error.code === 'VALIDATION' ? formatError(type, raw) : undefined;
      if (key) setContactError(key);
      else setApiError(errorMessage(error, t));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <ContactTabs
        type={type}
        onTypeChange={(next) => {
          setType(next);
          setContactError(undefined);
          setApiError(undefined);
        }}
        values={values}
        onValueChange={(which, value) => {
          setValues((current) => ({ ...current, [which]: value }));
          setContactError(undefined);
        }}
        error={validationMessage(contactError, t)}
        disabled={busy}
      />

      {signup && (
        <div className="space-y-1">
          <div className="flex items-start gap-3">
            <input
              id={termsId}
              type="checkbox"
              data-testid="terms-checkbox"
              checked={termsAccepted}
              disabled={busy}
              aria-invalid={Boolean(termsError)}
              aria-describedby={termsError ? `${termsId}-error` : undefined}
              onChange={(event) => {
                setTermsAccepted(event.target.checked);
                if (event.target.checked) setTermsError(undefined);
              }}
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

      {apiError && <Alert>{apiError}</Alert>}

      <Button type="submit" data-testid="send-code" loading={busy} className="w-full">
        {t('auth:sendCode')}
      </Button>
      <p className="text-center text-xs text-slate-500 dark:text-slate-400">
        {type === 'email' ? t('auth:sendHintEmail') : t('auth:sendHintPhone')}
      </p>
    </form>
  );
}
