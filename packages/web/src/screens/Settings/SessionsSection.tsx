import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutEverywhere } from '../../api/sessions';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { errorMessage } from '../../lib/errors';

/**
 * Sign out everywhere (issue 16): ends every session of the rider, on every device, this one
 * included, after a confirmation. Personal API keys are left alone (revoked in their own section).
 * Its words are in the `dashboard` namespace, which every signed-in screen loads: a namespace of
 * its own would add its loader to the landing page's JavaScript, which is at its budget.
 */
export function SessionsSection() {
  const { t } = useTranslation(['dashboard', 'common'], { keyPrefix: 'sessions' });
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <MonitorSmartphone className="h-5 w-5" aria-hidden />
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
      <div className="mt-5">
        <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="logout-everywhere">
          <LogOut className="h-4 w-4" aria-hidden />
          {t('everywhere')}
        </Button>
      </div>
      {confirming && <LogoutEverywhereDialog onClose={() => setConfirming(false)} />}
    </Card>
  );
}

function LogoutEverywhereDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'common'], { keyPrefix: 'sessions' });
  // Error messages name their own namespaces (lib/errors.ts), so they get a t without the prefix.
  const { t: tErrors } = useTranslation(['errors', 'common']);
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await logoutEverywhere();
      navigate('/', { replace: true });
      // The server already ended this session too: only forget it here (other tabs follow).
      await signOut({ ended: true });
    } catch (e) {
      setError(errorMessage(e, tErrors));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('confirmTitle')}
      description={t('confirmText')}
    >
      {error && (
        <div className="mb-4">
          <Alert>{error}</Alert>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button
          variant="danger"
          loading={busy}
          onClick={() => void confirm()}
          data-testid="logout-everywhere-confirm"
        >
          {t('confirm')}
        </Button>
      </div>
    </Modal>
  );
}
