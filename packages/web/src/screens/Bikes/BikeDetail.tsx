import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BikeWithStats } from '../../api/bikes';
import { deleteBike, setPrimaryBike, updateBike } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { BikeForm } from '../../components/forms/BikeForm';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { TabStrip } from '../../components/ui/TabStrip';
import { errorMessage } from '../../lib/errors';
import { ComponentsTab } from './ComponentsTab';
import { TypeBadge } from './GarageParts';
import { MaintenanceTab } from './MaintenanceTab';
import { OverviewTab } from './OverviewTab';
import { PerformanceTab } from './PerformanceTab';

/** The selected bike: its name and actions (edit, primary, delete) over four tabs. */
export function BikeDetail({ bike, bikes }: { bike: BikeWithStats; bikes: readonly BikeWithStats[] }) {
  const { t } = useTranslation(['garage', 'bikes']);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [actionError, setActionError] = useState<string>();
  // A bike's change reaches its rides (moved, unlinked) and the dashboards' bike words.
  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.activities.all }),
    ]);
  const primary = useMutation({
    mutationFn: () => setPrimaryBike(bike.id),
    onMutate: () => setActionError(undefined),
    onSuccess: invalidate,
    onError: (error) => setActionError(errorMessage(error, t)),
  });
  const remove = useMutation({
    mutationFn: () => deleteBike(bike.id),
    onSuccess: async () => {
      setDeleting(false);
      await invalidate();
    },
    onError: (error) => {
      setDeleting(false);
      setActionError(errorMessage(error, t));
    },
  });

  return (
    <Card data-testid="bike-detail" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
            <span className="truncate">{bike.name}</span>
            <TypeBadge type={bike.type} />
            {bike.is_primary && (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-700 dark:text-brand-500">
                <Star className="h-3 w-3" aria-hidden />
                {t('bikes:primary')}
              </span>
            )}
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {[bike.brand, bike.model, bike.year].filter((v) => v != null && v !== '').join(' · ') ||
              t('card.noBrand')}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {!bike.is_primary && (
            <Button
              variant="ghost"
              className="px-3"
              loading={primary.isPending}
              onClick={() => primary.mutate()}
            >
              <Star className="h-4 w-4" aria-hidden />
              {t('makePrimary')}
            </Button>
          )}
          <Button variant="ghost" className="px-3" data-testid="edit-bike" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden />
            {t('edit')}
          </Button>
          <Button
            variant="ghost"
            className="px-3 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-700"
            onClick={() => setDeleting(true)}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('delete')}
          </Button>
        </div>
      </div>
      {actionError && <Alert>{actionError}</Alert>}

      <TabStrip
        label={t('tabs.label')}
        // Four long names: two rows on a phone, one from the small breakpoint up.
        listClassName="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 sm:grid-cols-4 dark:bg-slate-900"
        tabs={[
          {
            value: 'overview',
            label: t('tabs.overview'),
            testId: 'bike-tab-overview',
            content: <OverviewTab bike={bike} bikes={bikes} />,
          },
          {
            value: 'performance',
            label: t('tabs.performance'),
            testId: 'bike-tab-performance',
            content: <PerformanceTab bike={bike} />,
          },
          {
            value: 'components',
            label: t('tabs.components'),
            testId: 'bike-tab-components',
            content: <ComponentsTab bike={bike} />,
          },
          {
            value: 'maintenance',
            label: t('tabs.maintenance'),
            testId: 'bike-tab-maintenance',
            content: <MaintenanceTab bike={bike} />,
          },
        ]}
      />

      <Modal open={editing} onOpenChange={setEditing} title={t('editTitle')}>
        {editing && (
          <BikeForm
            bike={bike}
            submitLabel={t('save')}
            onSubmit={async (values) => {
              await updateBike(bike.id, values);
              await invalidate();
              setEditing(false);
            }}
            secondaryAction={
              <Button variant="ghost" onClick={() => setEditing(false)}>
                {t('cancel')}
              </Button>
            }
          />
        )}
      </Modal>
      <Modal
        open={deleting}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(false);
        }}
        title={t('deleteTitle')}
        description={t('deleteConfirm', { name: bike.name, rides: bike.stats.rides })}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={remove.isPending} onClick={() => setDeleting(false)}>
            {t('cancel')}
          </Button>
          <Button
            variant="danger"
            data-testid="confirm-delete-bike"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('delete')}
          </Button>
        </div>
      </Modal>
    </Card>
  );
}
