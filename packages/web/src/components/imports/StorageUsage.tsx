import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getStorageUsage } from '../../api/activities';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { useFormat } from '../../hooks/useFormat';
import { ProgressBar } from '../ui/ProgressBar';

const MB = 1024 * 1024;

/**
 * What the rider stores against the server's per-rider quota (issue 28), where they upload. Quiet
 * while it loads or when it cannot be read: the upload itself answers a clear error at the quota.
 */
export function StorageUsage() {
  const { t } = useTranslation('activity');
  const { user } = useAuth();
  const f = useFormat();
  const usage = useQuery({ queryKey: queryKeys.imports.storage(user?.id), queryFn: getStorageUsage });
  if (!usage.data) return null;
  const { used_bytes: used, quota_bytes: quota } = usage.data;
  const size = (bytes: number) => storageSize(bytes, f.number);
  return (
    <div
      data-testid="storage-usage"
      className="max-w-sm space-y-1 text-sm text-slate-600 dark:text-slate-300"
    >
      <p>
        {quota === null
          ? t('storage.usedNoQuota', { used: size(used) })
          : t('storage.used', { used: size(used), quota: size(quota) })}
      </p>
      {quota !== null && <ProgressBar fraction={Math.min(1, used / quota)} label={t('storage.label')} />}
    </div>
  );
}

/** Bytes as MB or GB (a decimal below 10 when not whole), with the language's decimal mark. */
export function storageSize(
  bytes: number,
  number: (value: number, fractionDigits?: number) => string,
): string {
  // One decimal only where it says something (1.5 GB, 2.3 MB; 5 GB, not 5.0 GB).
  const digits = (value: number) => (value >= 10 || Number.isInteger(Math.round(value * 10) / 10) ? 0 : 1);
  if (bytes >= 1024 * MB) {
    const gb = bytes / 1024 / MB;
    return `${number(gb, digits(gb))} GB`;
  }
  const mb = bytes / MB;
  return `${number(mb, digits(mb))} MB`;
}
