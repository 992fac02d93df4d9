import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { errorMessage } from '../../lib/errors';
import { ImportFileList } from '../../components/imports/ImportFileList';
import type { ImportTracker } from '../../hooks/useImportUpload';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { ApiError } from '../../api/client';
import { StorageQuotaMessage } from '../../components/imports/StorageQuotaMessage';

/** The live list of the files of the latest upload, one row each, until every file is settled. */
export function ImportProgressPanel({ tracker }: { tracker: ImportTracker }) {
  const { t } = useTranslation(['activities', 'common']);
  const { uploading, uploadFraction, uploadError, sending, files, detail, done } = tracker;
  if (!uploading && !uploadError && files.length === 0) return null;

  const counts = detail?.counts;
  const settled = counts ? counts.done + counts.recovered + counts.duplicate + counts.failed : 0;
  const total = counts?.total ?? files.length;
  // Every file is handled, but the rides are still measured together (the import's batch pass): the
  // import is not done until that ends, and the panel says what it is waiting for.
  const finishing = !done && total > 0 && settled === total;

  return (
    <section
      data-testid="import-progress"
      data-status={uploading ? 'uploading' : done ? 'done' : 'processing'}
      aria-live="polite"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-800"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900 dark:text-white">
            {uploading
              ? t('import.uploading', { count: sending.length })
              : done
                ? t('import.finished')
                : finishing
                  ? t('import.finishing')
                  : t('import.processing')}
          </h2>
          {counts && (
            <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
              {t('import.summary', {
                settled,
                total,
                done: counts.done,
                recovered: counts.recovered,
                duplicate: counts.duplicate,
                failed: counts.failed,
              })}
            </p>
          )}
        </div>
        {(done || uploadError != null) && (
          <button
            type="button"
            onClick={tracker.dismiss}
            aria-label={t('import.dismiss')}
            className="-m-1 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-700"
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        )}
      </div>

      <div className="mt-3">
        {uploading ? (
          <ProgressBar fraction={uploadFraction} label={t('import.uploadProgress')} />
        ) : (
          total > 0 && <ProgressBar fraction={settled / total} label={t('import.importProgress')} />
        )}
      </div>

      {uploadError != null && (
        <div className="mt-3">
          <Alert>
            {uploadError instanceof ApiError && uploadError.code === 'STORAGE_QUOTA_EXCEEDED' ? (
              <StorageQuotaMessage fallback={uploadError.message} />
            ) : (
              t('import.uploadFailed', { reason: errorMessage(uploadError, t) })
            )}
          </Alert>
        </div>
      )}

      {uploading && (
        <ul className="mt-3 space-y-1 text-sm text-slate-600 dark:text-slate-300">
          {sending.map((name) => (
            <li key={name} className="truncate">
              {name}
            </li>
          ))}
        </ul>
      )}

      {!uploading && files.length > 0 && (
        <div className="mt-2">
          <ImportFileList files={files} />
        </div>
      )}
    </section>
  );
}
