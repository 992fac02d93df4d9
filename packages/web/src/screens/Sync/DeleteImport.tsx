import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteImport } from '../../api/activities';
import { queryKeys } from '../../api/query-keys';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/errors';

/**
 * Deletes a finished import with failed files (issue 28), after the rider confirms: its list entry
 * and its files' rows go, the rides it stored stay. The page then shows the import before it.
 */
export function DeleteImport({ importId }: { importId: string }) {
  const { t } = useTranslation(['activity', 'common']);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteImport(importId),
    onSuccess: () => {
      setConfirming(false);
      queryClient.removeQueries({ queryKey: queryKeys.import(importId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.imports.all });
    },
  });

  return (
    <div className="mt-3">
      {remove.isError && (
        <p role="alert" className="mb-2 font-medium">
          {t('importDelete.failed', { reason: errorMessage(remove.error, t) })}
        </p>
      )}
      {confirming ? (
        <div data-testid="delete-import-confirm" className="space-y-2">
          <p>{t('importDelete.confirm')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              data-testid="delete-import-yes"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t('importDelete.yes')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('importDelete.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" data-testid="delete-import" onClick={() => setConfirming(true)}>
          <Trash2 className="h-4 w-4" aria-hidden />
          {t('importDelete.button')}
        </Button>
      )}
    </div>
  );
}
