import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fetchAccountExport } from '../../api/account-export';
import { deleteAccount } from '../../api/endpoints';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { errorMessage } from '../../lib/errors';
import { Modal } from '../../components/ui/Modal';

/** Export everything as a zip, or delete the account for good (after typing a confirmation word). */
export function DataSection() {
  const { t } = useTranslation(['settings', 'common']);
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const exportData = async () => {
    setExporting(true);
    setError(null);
    try {
      const response = await fetchAccountExport();
      if (!response.ok) throw new Error(t('data.exportFailed'));
      const blob = await response.blob();
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        'vatio-export.zip';
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(errorMessage(e, t));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('data.title')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t('data.subtitle')}{' '}
        <Link to="/privacy" className="font-medium text-brand-700 hover:underline dark:text-brand-500">
          {t('data.privacy')}
        </Link>
      </p>
      {error && (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      )}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button
          variant="secondary"
          loading={exporting}
          onClick={() => void exportData()}
          data-testid="export-data"
        >
          <Download className="h-4 w-4" aria-hidden />
          {t('data.export')}
        </Button>
        <Button
          variant="secondary"
          className="text-red-700"
          onClick={() => setConfirming(true)}
          data-testid="delete-account"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          {t('data.delete')}
        </Button>
      </div>
      <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">{t('data.exportHint')}</p>
      {confirming && <DeleteAccountDialog onClose={() => setConfirming(false)} />}
    </Card>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const word = t('data.confirmWord');

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount();
      navigate('/', { replace: true });
      await signOut();
    } catch (e) {
      setError(errorMessage(e, t));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('data.deleteTitle')}
      description={t('data.deleteWarning')}
    >
      {error && (
        <div className="mb-4">
          <Alert>{error}</Alert>
        </div>
      )}
      <label
        className="block text-sm font-medium text-slate-700 dark:text-slate-200"
        htmlFor="delete-confirm"
      >
        {t('data.typeToConfirm', { word })}
      </label>
      <Input
        id="delete-confirm"
        data-testid="delete-confirm-input"
        className="mt-2"
        value={typed}
        autoComplete="off"
        onChange={(e) => setTyped(e.target.value)}
      />
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('data.cancel')}
        </Button>
        <Button
          variant="danger"
          loading={busy}
          disabled={typed.trim().toUpperCase() !== word.toUpperCase()}
          onClick={() => void remove()}
          data-testid="delete-confirm"
        >
          {t('data.deleteForever')}
        </Button>
      </div>
    </Modal>
  );
}
