import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { AuthChecking, AuthLayout } from './AuthLayout';
import { ContactRequestForm } from './ContactRequestForm';

/** /auth/signup: same tabs as login plus the terms checkbox (spec 000 §2, §5). */
export function SignupScreen() {
  const { t } = useTranslation('auth');
  const { user, loading } = useAuth();
  const location = useLocation();

  if (loading) return <AuthChecking />;
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <AuthLayout
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <p>
          {t('signup.haveAccount')}{' '}
          <Link
            to="/auth/login"
            state={location.state}
            className="font-semibold text-brand-700 hover:underline dark:text-brand-500"
          >
            {t('signup.loginLink')}
          </Link>
        </p>
      }
    >
      <ContactRequestForm signup />
    </AuthLayout>
  );
}
