import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { AuthChecking, AuthLayout } from './AuthLayout';
import { ContactRequestForm } from './ContactRequestForm';

/** /auth/login: ask for a one-time code by e-mail or phone (spec 000 §2). */
export function LoginScreen() {
  const { t } = useTranslation('auth');
  const { user, loading } = useAuth();
  const location = useLocation();

  if (loading) return <AuthChecking />;
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <p>
          {t('login.noAccount')}{' '}
          <Link
            to="/auth/signup"
            state={location.state}
            className="font-semibold text-brand-700 hover:underline dark:text-brand-500"
          >
            {t('login.signupLink')}
          </Link>
        </p>
      }
    >
      <ContactRequestForm signup={false} />
    </AuthLayout>
  );
}
