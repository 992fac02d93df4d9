import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, RefreshCw, Archive, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BikeComponent,
  type BikeWithStats,
  deleteComponent,
  listComponents,
  updateComponent,
} from '../../api/bikes';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { Badge, FormulaLink } from '../../components/analytics/AnalysisParts';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { useFormat } from '../../hooks/useFormat';
import { errorMessage } from '../../lib/errors';
import { ComponentForm } from './ComponentForm';
import { today } from './garageForms';
import { intervalText, WearBar, wearTone } from './GarageParts';
import { ReplaceForm } from './ReplaceForm';

/** Componentes: the bike's parts with their use since installed and wear; add, replace, retire; history. */
export function ComponentsTab({ bike }: { bike: BikeWithStats }) {
  const { t } = useTranslation('garage');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [replacing, setReplacing] = useState<BikeComponent | null>(null);
  const [editing, setEditing] = useState<BikeComponent | null>(null);
  const [actionError, setActionError] = useState<string>();
  const parts = useQuery({
    queryKey: queryKeys.bikes.components(user?.id, bike.id),
    queryFn: () => listComponents(bike.id),
  });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all });
  const retire = useMutation({
    mutationFn: (part: BikeComponent) => updateComponent(bike.id, part.id, { retired_on: today() }),
    onMutate: () => setActionError(undefined),
    onSuccess: invalidate,
    onError: (error) => setActionError(errorMessage(error, t)),
  });
  const remove = useMutation({
    mutationFn: (part: BikeComponent) => deleteComponent(bike.id, part.id),
    onMutate: () => setActionError(undefined),
    onSuccess: invalidate,
    onError: (error) => setActionError(errorMessage(error, t)),
  });
  const list = parts.data ?? [];
  const active = list.filter((p) => p.retired_on === null);
  const retired = list.filter((p) => p.retired_on !== null);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('components.intro')} <FormulaLink id="componentWear">{t('components.how')}</FormulaLink>
        </p>
        <Button variant="secondary" data-testid="add-component" onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('components.add')}
        </Button>
      </div>
      {actionError && <Alert>{actionError}</Alert>}
      {parts.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          {t('loading')}
        </p>
      ) : parts.isError ? (
        <Alert>{errorMessage(parts.error, t)}</Alert>
      ) : active.length === 0 ? (
        <p
          data-testid="components-empty"
          className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-600"
        >
          {t('components.empty')}
        </p>
      ) : (
        <ul data-testid="component-list" className="grid gap-3 md:grid-cols-2">
          {active.map((part) => (
            <li key={part.id}>
              <PartCard
                part={part}
                actions={
                  <>
                    <Button
                      variant="ghost"
                      className="px-2"
                      data-testid="component-edit"
                      onClick={() => setEditing(part)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden />
                      {t('components.edit')}
                    </Button>
                    <Button variant="ghost" className="px-2" onClick={() => setReplacing(part)}>
                      <RefreshCw className="h-4 w-4" aria-hidden />
                      {t('components.replace')}
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-2"
                      loading={retire.isPending && retire.variables?.id === part.id}
                      onClick={() => retire.mutate(part)}
                    >
                      <Archive className="h-4 w-4" aria-hidden />
                      {t('components.retire')}
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-2 text-red-700 dark:text-red-400"
                      aria-label={t('components.deleteNamed', { part: t(`bikes:kinds.${part.kind}`) })}
                      onClick={() => remove.mutate(part)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {retired.length > 0 && (
        <section className="space-y-2">
          <h3 className="font-semibold text-slate-900 dark:text-white">{t('components.history')}</h3>
          <ul data-testid="component-history" className="grid gap-3 md:grid-cols-2">
            {retired.map((part) => (
              <li key={part.id}>
                <PartCard part={part} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <Modal open={adding} onOpenChange={setAdding} title={t('components.addTitle')}>
        {adding && (
          <ComponentForm
            bikeId={bike.id}
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
        title={t('components.editTitle', { part: editing ? t(`bikes:kinds.${editing.kind}`) : '' })}
      >
        {editing && (
          <ComponentForm
            bikeId={bike.id}
            part={editing}
            onDone={async () => {
              await invalidate();
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        open={replacing !== null}
        onOpenChange={(open) => {
          if (!open) setReplacing(null);
        }}
        title={t('components.replaceTitle', { part: replacing ? t(`bikes:kinds.${replacing.kind}`) : '' })}
      >
        {replacing && (
          <ReplaceForm
            bikeId={bike.id}
            part={replacing}
            onDone={async () => {
              await invalidate();
              setReplacing(null);
            }}
            onCancel={() => setReplacing(null)}
          />
        )}
      </Modal>
    </div>
  );
}

function PartCard({ part, actions }: { part: BikeComponent; actions?: React.ReactNode }) {
  const { t } = useTranslation(['garage', 'bikes']);
  const f = useFormat();
  const interval = [
    part.service_km !== null ? intervalText(part.service_km, f) : null,
    part.service_hours !== null ? `${f.number(part.service_hours)} h` : null,
  ]
    .filter(Boolean)
    .join(' / ');
  return (
    <div
      data-testid="component-card"
      className="h-full rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900 dark:text-white">{t(`bikes:kinds.${part.kind}`)}</p>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">
            {[part.brand, part.model].filter(Boolean).join(' ') || t('card.noBrand')}
          </p>
        </div>
        {part.retired_on === null ? (
          <Badge tone={wearTone(part.wear_state)}>
            {part.wear_pct === null ? t('components.noInterval') : `${f.number(part.wear_pct)} %`}
          </Badge>
        ) : (
          <Badge tone="slate">{t('components.retiredOn', { date: f.date(part.retired_on) })}</Badge>
        )}
      </div>
      {part.retired_on === null && (
        <div className="mt-3 space-y-1">
          <WearBar pct={part.wear_pct} state={part.wear_state} label={t('components.wear')} />
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {t(`components.state.${part.wear_state}`)}
            {interval ? ` · ${t('components.interval', { interval })}` : ''}
          </p>
        </div>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">{t('components.installed')}</dt>
        <dd className="text-right">{f.date(part.installed_on)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('components.distance')}</dt>
        <dd className="text-right tabular-nums" data-testid="component-distance">
          {f.distance(part.distance_m)}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('components.hours')}</dt>
        <dd className="text-right tabular-nums">{f.hoursMinutes(part.moving_time_s)}</dd>
        {part.last_service_on && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">{t('components.lastService')}</dt>
            <dd className="text-right">
              {f.date(part.last_service_on)} · {f.distance(part.since_service_distance_m)}
            </dd>
          </>
        )}
        {part.price !== null && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">{t('components.price')}</dt>
            <dd className="text-right tabular-nums">{f.number(part.price, 2)}</dd>
          </>
        )}
      </dl>
      {actions && <div className="mt-2 flex flex-wrap justify-end gap-1">{actions}</div>}
    </div>
  );
}
