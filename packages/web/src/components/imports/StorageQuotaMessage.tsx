import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getStorageUsage } from '../../api/activities';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { useFormat } from '../../hooks/useFormat';
import { storageSize } from './StorageUsage';

/**
 * An upload refused at the rider's storage quota (413 STORAGE_QUOTA_EXCEEDED), in their language:
 * the quota from GET /api/storage; `fallback` (the server's message) until it is known (the words live in the lazy `activity` namespace, not the core
 * `errors` one, which the landing page's budget has no room for).
 */
export function StorageQuotaMessage({ fallback }: { fallback: string }) {
  const { t } = useTranslation('activity');
  const { user } = useAuth();
  const f = useFormat();
  const usage = useQuery({ queryKey: queryKeys.imports.storage(user?.id), queryFn: getStorageUsage });
  const quota = usage.data?.quota_bytes;
  // Until the quota is known (or when it cannot be read), the server's own words.
  return (
    <span data-testid="storage-quota-exceeded">
      {quota ? t('storage.quotaExceeded', { quota: storageSize(quota, f.number) }) : fallback}
    </span>
  );
}
