import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bike as BikeIcon, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBike, deleteBike, listBikes, setPrimaryBike, updateBike } from '../../api/endpoints';
import type { Bike } from '../../api/types';
import { useAuth } from '../../auth/AuthProvider';
import { Loadable } from '../../components/Loadable';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { errorMessage } from '../../lib/errors';
import { BikeForm } from '../../components/forms/BikeForm';
import { Modal } from '../../components/ui/Modal';
import { queryKeys } from '../../api/query-keys';

type Editing = { mode: 'add' } | { mode: 'edit'; bike: Bike } | null;

/** The rider's bikes on /profile: list (primary first), add/edit in a dialog, set primary, delete. */
export function BikesSection() {
  const { t } = useTranslation(['profile', 'bikes', 'common']);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const bikes = useQuery({ queryKey: queryKeys.bikes.list(user?.id), queryFn: listBikes });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Bike | null>(null);
  const [actionError, setActionError] = useState<string>();

  const invalidate = () => queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all });

  const primary = useMutation({
    mutationFn: (bike: Bike) => setPrimaryBike(bike.id),
    onMutate: () => setActionError(undefined),
    onSuccess: invalidate,
    onError: (error) => setActionError(errorMessage(error, t)),
  });

  const remove = useMutation({
    mutationFn: (bike: Bike) => deleteBike(bike.id),
    onMutate: () => setActionError(undefined),
    onSuccess: async () => {
      setDeleting(null);
      await invalidate();
    },
    onError: (error) => {
      setDeleting(null);
      setActionError(errorMessage(error, t));
    },
  });

  return (
    <Card id="bikes" className="scroll-mt-24">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('profile:bikes.title')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('profile:bikes.subtitle')}</p>
        </div>
        <Button variant="secondary" data-testid="add-bike" onClick={() => setEditing({ mode: 'add' })}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('profile:bikes.add')}
        </Button>
      </div>

      <div className="mt-5 space-y-3">
        {actionError && <Alert>{actionError}</Alert>}
        <Loadable
          query={bikes}
          error={{
            message: (error) => errorMessage(error, t),
            look: 'alert',
            retryLabel: t('profile:retry'),
          }}
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-600 dark:text-slate-400">
              {t('profile:bikes.empty')}
            </p>
          }
          keepDataOnError
        >
          {(list) => (
            <ul
              data-testid="bike-list"
              className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
            >
              {list.map((bike) => {
                const details = [bike.brand, bike.model, bike.year].filter(
                  (part) => part != null && part !== '',
                );
                return (
                  <li key={bike.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                    <div className="flex min-w-0 flex-1 items-center gap-3">
                      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500 dark:bg-slate-700 dark:text-slate-300">
                        <BikeIcon className="h-5 w-5" aria-hidden />
                      </span>
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
                          <span className="truncate">{bike.name}</span>
                          {bike.is_primary && (
                            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-700 dark:text-brand-500">
                              <Star className="h-3 w-3" aria-hidden />
                              {t('bikes:primary')}
                            </span>
                          )}
                        </p>
                        <p className="truncate text-sm text-slate-500 dark:text-slate-400">
                          {[t(`bikes:types.${bike.type}`), ...details].join(' · ')}
                        </p>
                      </div>
                    </div>
                    <div className="flex flex-wrap items-center gap-1 sm:justify-end">
                      {!bike.is_primary && (
                        <Button
                          variant="ghost"
                          className="px-3"
                          loading={primary.isPending && primary.variables?.id === bike.id}
                          disabled={primary.isPending}
                          onClick={() => primary.mutate(bike)}
                        >
                          <Star className="h-4 w-4" aria-hidden />
                          {t('profile:bikes.makePrimary')}
                        </Button>
                      )}
                      <Button
                        variant="ghost"
                        className="px-3"
                        aria-label={t('profile:bikes.editNamed', { name: bike.name })}
                        onClick={() => setEditing({ mode: 'edit', bike })}
                      >
                        <Pencil className="h-4 w-4" aria-hidden />
                        <span className="sm:sr-only">{t('profile:bikes.edit')}</span>
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-3 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-700"
                        aria-label={t('profile:bikes.deleteNamed', { name: bike.name })}
                        onClick={() => setDeleting(bike)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                        <span className="sm:sr-only">{t('profile:bikes.delete')}</span>
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Loadable>
      </div>

      <Modal
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing?.mode === 'edit' ? t('profile:bikes.editTitle') : t('profile:bikes.addTitle')}
      >
        {editing && (
          <BikeForm
            key={editing.mode === 'edit' ? editing.bike.id : 'new'}
            bike={editing.mode === 'edit' ? editing.bike : null}
            submitLabel={editing.mode === 'edit' ? t('profile:bikes.save') : t('profile:bikes.create')}
            onSubmit={async (values) => {
              if (editing.mode === 'edit') await updateBike(editing.bike.id, values);
              // The first bike becomes the primary one, as in onboarding.
              else await createBike({ ...values, is_primary: (bikes.data ?? []).length === 0 });
              await invalidate();
              setEditing(null);
            }}
            secondaryAction={
              <Button variant="ghost" onClick={() => setEditing(null)}>
                {t('profile:cancel')}
              </Button>
            }
          />
        )}
      </Modal>

      <Modal
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={t('profile:bikes.deleteTitle')}
        description={t('profile:bikes.deleteConfirm', { name: deleting?.name ?? '' })}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={remove.isPending} onClick={() => setDeleting(null)}>
            {t('profile:cancel')}
          </Button>
          <Button
            variant="danger"
            data-testid="confirm-delete-bike"
            loading={remove.isPending}
            onClick={() => {
              if (deleting) remove.mutate(deleting);
            }}
          >
            {t('profile:bikes.delete')}
          </Button>
        </div>
      </Modal>
    </Card>
  );
}
