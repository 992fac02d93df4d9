import { FlaskConical, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { startDemo } from '../../api/endpoints';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/errors';

/** The empty dashboard's way forward: upload rides, or fill the account with six months of demo rides. */
export function DemoActions() {
  const { t } = useTranslation(['dashboard', 'common']);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const loadDemo = async () => {
    setBusy(true);
    setError(null);
    try {
      const { rides } = await startDemo();
      // The import page follows the demo's rides as they are stored (DemoProgress).
      navigate(`/sync?demo=${rides}`);
    } catch (e) {
      setError(errorMessage(e, t));
      setBusy(false);
    }
  };

  return (
    <div className="mt-6 flex w-full max-w-md flex-col items-stretch gap-3">
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link
          to="/activities"
          className="inline-flex min-h-10 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          <Upload className="h-4 w-4" aria-hidden />
          {t('empty.upload')}
        </Link>
        <Button variant="secondary" loading={busy} onClick={() => void loadDemo()} data-testid="load-demo">
          <FlaskConical className="h-4 w-4" aria-hidden />
          {t('empty.demo')}
        </Button>
      </div>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('empty.demoHint')}</p>
    </div>
  );
}
