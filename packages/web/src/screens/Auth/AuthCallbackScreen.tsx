import { otpCodeSchema } from '@vatio/schemas';
import { Loader2, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Contact } from '../../api/endpoints';
import { verifyOtp } from '../../api/endpoints';
import { isLanguage } from '../../i18n/resources';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../components/ui/Alert';
import { errorMessage } from '../../lib/errors';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { afterSignInPath } from './authNavigation';

/** Reads `?email=…&code=…` or `?phone=…&code=…`; a '+' in an unencoded phone arrives as a space. */
function readLink(params: URLSearchParams): { contact: Contact; code: string } | null {
  const code = params.get('code')?.trim() ?? '';
  if (!otpCodeSchema.safeParse(code).success) return null;
  const email = params.get('email')?.trim();
  if (email) return { contact: { email }, code };
  const phone = params.get('phone')?.trim();
  if (phone) return { contact: { phone: phone.startsWith('+') ? phone : `+${phone}` }, code };
  return null;
}

/** /auth/callback: the e-mail's sign-in link verifies its code, then goes on like verify-otp. */
export function AuthCallbackScreen() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [error, setError] = useState<string>();
  // A code works once: never send it twice (React's development double effects included).
  const started = useRef(false);

  const pageLanguage = isLanguage(i18n.language) ? i18n.language : 'en';
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const link = readLink(params);
    if (!link) {
      setError(t('auth:callback.invalidLink'));
      return;
    }
    void (async () => {
      try {
        const me = await signIn(await verifyOtp(link.contact, link.code, pageLanguage));
        if (!me) {
          setError(t('auth:verify.signInFailed'));
          return;
        }
        navigate(afterSignInPath(me, false, null), { replace: true });
      } catch (failure) {
        setError(errorMessage(failure, t));
      }
    })();
  }, [params, signIn, navigate, t, pageLanguage]);

  if (!error) {
    return (
      <AuthLayout title={t('auth:callback.title')}>
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-300">
          <Loader2 className="h-5 w-5 animate-spin text-brand-600" aria-hidden />
          {t('auth:callback.working')}
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth:callback.failedTitle')}>
      <div className="space-y-5">
        <Alert>
          <span className="flex items-start gap-2">
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {error}
          </span>
        </Alert>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('auth:callback.hint')}</p>
        <Link
          to="/auth/login"
          className="inline-flex min-h-10 w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t('auth:callback.backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
