import { useId, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { requestOtp, verifyOtp } from '../../api/endpoints';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { isLanguage } from '../../i18n/resources';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { afterSignInPath, readVerifyState, toContact, type VerifyState } from './authNavigation';
import { emptyOtp, OtpInput, type OtpInputHandle } from '../../components/auth/OtpInput';
import {
  emptyOtpForm,
  isOtpComplete,
  type OtpFormOutput,
  type OtpFormValues,
  otpFormSchema,
} from '../../components/auth/otpForm';
import { useResendCountdown } from '../../hooks/useResendCountdown';

/** /auth/verify-otp: without a contact in the navigation state there is nothing to verify. */
export function VerifyOtpScreen() {
  const location = useLocation();
  const state = readVerifyState(location.state);
  if (!state) return <Navigate to="/auth/login" replace />;
  return <VerifyOtp state={state} />;
}

function VerifyOtp({ state }: { state: VerifyState }) {
  const { t, i18n } = useTranslation(['auth', 'common', 'validation']);
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const otp = useRef<OtpInputHandle>(null);
  const helpId = useId();

  const {
    control,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<OtpFormValues, unknown, OtpFormOutput>({
    resolver: schemaResolver(otpFormSchema),
    defaultValues: emptyOtpForm(),
    // A wrong code is said once, after a press: typing the next one clears it.
    reValidateMode: 'onSubmit',
  });
  const { field } = useController({ control, name: 'code' });
  const [info, setInfo] = useState<string>();
  const [resending, setResending] = useState(false);
  const countdown = useResendCountdown();

  const complete = isOtpComplete(field.value);
  // After a right code the boxes stay read-only until the next screen replaces this one.
  const verifying = isSubmitting || isSubmitSuccessful;
  const error = errors.root?.server?.message ?? validationMessage(errors.code?.message, t);
  const contact = toContact(state.type, state.contact);
  const backTo = state.signup ? '/auth/signup' : '/auth/login';
  const backState = state.from ? { from: state.from } : undefined;
  const language = () => (isLanguage(i18n.language) ? i18n.language : 'en');

  const verify = handleSubmit(async ({ code }) => {
    setInfo(undefined);
    try {
      const result = await verifyOtp(contact, code, language());
      const me = await signIn(result);
      if (!me) {
        setError('root.server', { message: t('auth:verify.signInFailed') });
        return;
      }
      navigate(afterSignInPath(me, state.signup, state.from), { replace: true });
    } catch (failure) {
      setError('root.server', { message: errorMessage(failure, t) });
      setValue('code', emptyOtp());
      otp.current?.focus(0);
    }
  });

  const resend = async () => {
    setResending(true);
    clearErrors();
    setInfo(undefined);
    try {
      await requestOtp(contact, state.signup, language());
      countdown.restart();
      setValue('code', emptyOtp());
      setInfo(t('auth:verify.resent'));
      otp.current?.focus(0);
    } catch (failure) {
      setError('root.server', { message: errorMessage(failure, t) });
      if (failure instanceof ApiError && failure.code === 'RATE_LIMITED' && failure.retryAfterS) {
        countdown.restart(failure.retryAfterS);
      }
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthLayout
      title={t('auth:verify.title')}
      subtitle={
        <p>
          <Trans
            t={t}
            i18nKey={state.type === 'email' ? 'auth:verify.sentToEmail' : 'auth:verify.sentToPhone'}
            values={{ contact: state.contact }}
            components={{
              strong: <strong className="font-semibold wrap-anywhere text-slate-900 dark:text-white" />,
            }}
          />{' '}
          <Link
            to={backTo}
            state={backState}
            className="font-medium text-brand-700 hover:underline dark:text-brand-500"
          >
            {t('auth:verify.change')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={verify} className="space-y-5">
        <OtpInput
          ref={(handle) => {
            otp.current = handle;
            field.ref(handle);
          }}
          value={field.value}
          onChange={(next) => {
            field.onChange(next);
            clearErrors();
          }}
          invalid={Boolean(error)}
          readOnly={verifying}
          describedBy={helpId}
        />

        {error && <Alert>{error}</Alert>}
        {info && <Alert tone="success">{info}</Alert>}

        <Button
          type="submit"
          data-testid="verify-code"
          disabled={!complete}
          loading={verifying}
          className="w-full"
        >
          {t('auth:verify.submit')}
        </Button>

        <div id={helpId} className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
          <p>{t('auth:verify.expires')}</p>
          <p>
            {t('auth:verify.help')}{' '}
            <Link
              to={backTo}
              state={backState}
              className="font-medium text-brand-700 hover:underline dark:text-brand-500"
            >
              {t('auth:verify.otherMethod')}
            </Link>
          </p>
        </div>

        <div className="flex min-h-10 items-center justify-center border-t border-slate-200 pt-4 dark:border-slate-700">
          {countdown.canResend ? (
            <Button
              variant="ghost"
              data-testid="resend-code"
              loading={resending}
              onClick={() => void resend()}
            >
              {t('auth:verify.resend')}
            </Button>
          ) : (
            <p
              className="text-sm text-slate-500 tabular-nums dark:text-slate-400"
              data-testid="resend-countdown"
            >
              {t('auth:verify.resendIn', { seconds: countdown.remaining })}
            </p>
          )}
        </div>
      </form>
    </AuthLayout>
  );
}
