import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { AuthChecking, AuthLayout } from '../../components/auth/AuthLayout';
import { ContactRequestForm } from './ContactRequestForm';

const MODES = {
  login: { other: '/auth/signup', prompt: 'login.noAccount', link: 'login.signupLink' },
  signup: { other: '/auth/login', prompt: 'signup.haveAccount', link: 'signup.loginLink' },
} as const;

/**
 * /auth/login and /auth/signup (spec 000 §2): ask for a one-time code by e-mail or phone; signup
 * adds the terms checkbox. A signed-in rider goes straight to the dashboard.
 */
export function ContactScreen({ mode }: { mode: keyof typeof MODES }) {
  const { t } = useTranslation('auth');
  const { user, loading } = useAuth();
  const location = useLocation();
  const words = MODES[mode];

  if (loading) return <AuthChecking />;
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <AuthLayout
      title={t(`${mode}.title`)}
      subtitle={t(`${mode}.subtitle`)}
      footer={
        <p>
          {t(words.prompt)}{' '}
          <Link
            to={words.other}
            state={location.state}
            className="font-semibold text-brand-700 hover:underline dark:text-brand-500"
          >
            {t(words.link)}
          </Link>
        </p>
      }
    >
      <ContactRequestForm signup={mode === 'signup'} />
    </AuthLayout>
  );
}
