import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BikeWithStats,
  deleteMaintenance,
  getMaintenance,
  listComponents,
  type MaintenanceEntry,
} from '../../api/bikes';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { Badge } from '../../components/analytics/AnalysisParts';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { useFormat } from '../../hooks/useFormat';
import { errorMessage } from '../../lib/errors';
import { wearTone } from './GarageParts';
import { MaintenanceForm } from './MaintenanceForm';

/** Mantenimiento: what is due or overdue from the parts' wear, and the service log. */
export function MaintenanceTab({ bike }: { bike: BikeWithStats }) {
  const { t } = useTranslation(['garage', 'bikes']);
  const f = useFormat();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<MaintenanceEntry | null>(null);
  const log = useQuery({
    queryKey: queryKeys.bikes.maintenance(user?.id, bike.id),
    queryFn: () => getMaintenance(bike.id),
  });
  const parts = useQuery({
    queryKey: queryKeys.bikes.components(user?.id, bike.id),
    queryFn: () => listComponents(bike.id),
  });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all });
  const remove = useMutation({
    mutationFn: (entryId: string) => deleteMaintenance(bike.id, entryId),
    onSuccess: invalidate,
  });
  const partName = (id: string | null) => {
    const part = parts.data?.find((p) => p.id === id);
    return part ? t(`bikes:kinds.${part.kind}`) : null;
  };

  if (log.isPending)
    return (
      <p role="status" className="text-sm text-slate-500">
        {t('loading')}
      </p>
    );
  if (log.isError) return <Alert>{errorMessage(log.error, t)}</Alert>;
  const data = log.data;
  return (
    <div className="space-y-5">
      <section className="space-y-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('maintenance.due')}</h3>
        {data.due.length === 0 ? (
          <p data-testid="maintenance-nothing-due" className="text-sm text-slate-600 dark:text-slate-300">
            {t('maintenance.nothingDue')}
          </p>
        ) : (
          <ul data-testid="maintenance-due" className="space-y-2">
            {data.due.map((item) => (
              <li
                key={item.component_id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
              >
                <span className="font-medium text-slate-900 dark:text-white">
                  {t(`bikes:kinds.${item.kind}`)}
                  {item.brand || item.model ? ` · ${[item.brand, item.model].filter(Boolean).join(' ')}` : ''}
                </span>
                <Badge tone={wearTone(item.wear_state)}>
                  {t(`components.state.${item.wear_state}`)} · {f.number(item.wear_pct)} %
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-slate-900 dark:text-white">{t('maintenance.log')}</h3>
          <Button variant="secondary" data-testid="add-service" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('maintenance.add')}
          </Button>
        </div>
        {data.log.length === 0 ? (
          <p
            data-testid="maintenance-empty"
            className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-600"
          >
            {t('maintenance.empty')}
          </p>
        ) : (
          <>
            <ul
              data-testid="maintenance-log"
              className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
            >
              {data.log.map((entry) => (
                <li key={entry.id} className="flex items-start gap-3 p-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900 dark:text-white">{entry.what}</p>
                    <p className="text-slate-500 dark:text-slate-400">
                      {[
                        f.date(entry.performed_on),
                        partName(entry.component_id),
                        entry.cost !== null ? t('maintenance.cost', { cost: f.number(entry.cost, 2) }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {entry.notes && <p className="mt-1 text-slate-600 dark:text-slate-300">{entry.notes}</p>}
                  </div>
                  <Button
                    variant="ghost"
                    className="px-2"
                    data-testid="service-edit"
                    aria-label={t('maintenance.edit', { what: entry.what })}
                    onClick={() => setEditing(entry)}
                  >
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 text-red-700 dark:text-red-400"
                    aria-label={t('maintenance.delete', { what: entry.what })}
                    loading={remove.isPending && remove.variables === entry.id}
                    onClick={() => remove.mutate(entry.id)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
            <p className="text-right text-sm text-slate-600 dark:text-slate-300">
              {t('maintenance.total', { cost: f.number(data.total_cost, 2) })}
            </p>
          </>
        )}
      </section>

      <Modal open={adding} onOpenChange={setAdding} title={t('maintenance.addTitle')}>
        {adding && (
          <MaintenanceForm
            bikeId={bike.id}
            parts={(parts.data ?? []).filter((p) => p.retired_on === null)}
            onDone={async () => {
              await invalidate();
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        )}
      </Modal>
      <Modal
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={t('maintenance.editTitle')}
      >
        {editing && (
          <MaintenanceForm
            bikeId={bike.id}
            entry={editing}
            // The line's own part stays choosable even if it has retired since, so saving keeps it.
            parts={(parts.data ?? []).filter((p) => p.retired_on === null || p.id === editing.component_id)}
            onDone={async () => {
              await invalidate();
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </div>
  );
}
