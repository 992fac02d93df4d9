import type { TFunction } from 'i18next';
import { AlertTriangle, CheckCircle2, Copy, FileWarning, Loader2, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportFile, ImportFileStatus } from '../../api/activity-types';
import { cn } from '../ui/cn';

/**
 * The file's message in the rider's language when its code is known, else the server's words (which the
 * server writes in the rider's language: RECOVERED and DUPLICATE_DAMAGED carry the minutes read).
 */
export function importMessage(
  file: Pick<ImportFile, 'message' | 'message_code'>,
  t: TFunction,
): string | null {
  if (file.message_code) {
    // A code both an import file and a request can fail with (STORAGE_FULL) has one text, in errors.
    const translated =
      t(`activities:import.codes.${file.message_code}`, { defaultValue: '' }) ||
      t(`errors:${file.message_code}`, { defaultValue: '' });
    if (translated) return translated;
  }
  return file.message ?? null;
}

const STATUS_STYLE: Record<ImportFileStatus, string> = {
  queued: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  processing: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  done: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  recovered: 'bg-orange-100 text-orange-800 dark:bg-orange-900/50 dark:text-orange-200',
  duplicate: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
};

const STATUS_ICON = {
  queued: Timer,
  processing: Loader2,
  done: CheckCircle2,
  recovered: FileWarning,
  duplicate: Copy,
  failed: AlertTriangle,
} as const;

export function ImportStatusBadge({ status }: { status: ImportFileStatus }) {
  const { t } = useTranslation('activities');
  const Icon = STATUS_ICON[status] ?? Timer;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        STATUS_STYLE[status] ?? STATUS_STYLE.queued,
      )}
    >
      <Icon className={cn('h-3.5 w-3.5', status === 'processing' && 'animate-spin')} aria-hidden />
      {t(`import.status.${status}`)}
    </span>
  );
}

/** One row per file of an import, each with its badge, its message and a link to the ride. */
export function ImportFileList({ files, testIds = true }: { files: ImportFile[]; testIds?: boolean }) {
  const { t } = useTranslation('activities');
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700">
      {files.map((file, index) => {
        const message = importMessage(file, t);
        return (
          <li
            key={file.id || `${file.name}-${index}`}
            {...(testIds ? { 'data-testid': `import-file-${index}` } : {})}
            data-status={file.status}
            className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-center sm:gap-3"
          >
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <ImportStatusBadge status={file.status} />
              <span
                className="truncate text-sm font-medium text-slate-800 dark:text-slate-100"
                title={file.name}
              >
                {file.name}
              </span>
            </div>
            {message && (
              <span
                className={cn(
                  'text-sm sm:max-w-[50%] sm:text-right',
                  file.status === 'failed'
                    ? 'text-red-700 dark:text-red-300'
                    : file.status === 'recovered'
                      ? 'text-orange-700 dark:text-orange-300'
                      : 'text-slate-500',
                )}
              >
                {message}
              </span>
            )}
            {file.activity_id &&
              (file.status === 'done' || file.status === 'recovered' || file.status === 'duplicate') && (
                <Link
                  to={`/activities/${file.activity_id}`}
                  className="shrink-0 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
                >
                  {t('import.openRide')}
                </Link>
              )}
          </li>
        );
      })}
    </ul>
  );
}
