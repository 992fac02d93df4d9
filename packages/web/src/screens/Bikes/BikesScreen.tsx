import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bike as BikeIcon, Plus, Ruler, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BikeWithStats } from '../../api/bikes';
import { createBike, listBikes } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { MaintenanceDueBanner } from '../../components/bikes/MaintenanceDueBanner';
import { BikeForm } from '../../components/forms/BikeForm';
import { Loadable, LoadingCards } from '../../components/Loadable';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Modal } from '../../components/ui/Modal';
import { useFormat } from '../../hooks/useFormat';
import { errorMessage } from '../../lib/errors';
import { BikeDetail } from './BikeDetail';
import { efficiencyText, TypeBadge } from './GarageParts';

/**
 * Bike management (/bikes; spec 001 §2.8, issue 15): the rider's bikes as cards with their stats, a
 * 'Nueva Bicicleta' dialog that saves, and the selected bike's tabs (overview, performance, parts,
 * maintenance).
 */
export function BikesScreen() {
  const { t } = useTranslation(['garage', 'bikes', 'common']);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const bikes = useQuery({ queryKey: queryKeys.bikes.list(user?.id), queryFn: listBikes });
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const list = bikes.data ?? [];
  const selected = list.find((b) => b.id === params.get('bike')) ?? list[0];
  const select = (id: string) => setParams({ bike: id }, { replace: true });

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('title')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* Bike fitting (/fitting) is about these bikes' positions: reached from here. */}
          <Link
            to="/fitting"
            data-testid="bikes-fitting-link"
            className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:border-brand-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200"
          >
            <Ruler className="h-4 w-4" aria-hidden />
            {t('fittingLink')}
          </Link>
          <Button data-testid="new-bike" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('newBike')}
          </Button>
        </div>
      </header>

      <MaintenanceDueBanner linkToBikes={false} />

      <Loadable
        query={bikes}
        loading={
          <LoadingCards
            label={t('common:loading')}
            count={3}
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            boxClassName="h-44"
          />
        }
        error={{ message: (error) => errorMessage(error, t), retryLabel: t('retry'), look: 'alert' }}
        isEmpty={(data) => data.length === 0}
        empty={
          <div
            data-testid="bikes-empty"
            className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-600"
          >
            <BikeIcon className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
            <p className="mt-3 font-medium text-slate-900 dark:text-white">{t('empty.title')}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('empty.body')}</p>
            <Button className="mt-4" onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden />
              {t('newBike')}
            </Button>
          </div>
        }
      >
        {() => (
          <>
            <ul data-testid="bike-cards" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((bike) => (
                <li key={bike.id}>
                  <BikeCard
                    bike={bike}
                    selected={bike.id === selected?.id}
                    onSelect={() => select(bike.id)}
                  />
                </li>
              ))}
            </ul>
            {selected && <BikeDetail key={selected.id} bike={selected} bikes={list} />}
          </>
        )}
      </Loadable>

      <Modal open={adding} onOpenChange={setAdding} title={t('addTitle')}>
        {adding && (
          <BikeForm
            submitLabel={t('create')}
            onSubmit={async (values) => {
              const bike = await createBike({ ...values, is_primary: list.length === 0 });
              await queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all });
              setAdding(false);
              select(bike.id);
            }}
            secondaryAction={
              <Button variant="ghost" onClick={() => setAdding(false)}>
                {t('cancel')}
              </Button>
            }
          />
        )}
      </Modal>
    </div>
  );
}

function BikeCard({
  bike,
  selected,
  onSelect,
}: {
  bike: BikeWithStats;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation(['garage', 'bikes']);
  const f = useFormat();
  const s = bike.stats;
  const details = [bike.brand, bike.model].filter(Boolean).join(' ');
  const figures: [string, string][] = [
    [t('card.rides'), f.number(s.rides)],
    [t('card.distance'), f.distance(s.distance_m)],
    [t('card.cda'), s.cda_m2 === null ? '—' : `${f.number(s.cda_m2, 3)} m²`],
    [t('card.power'), f.watts(s.average_power_w)],
    [t('card.speed'), f.speed(s.average_speed_mps)],
    [t('card.efficiency'), efficiencyText(s.efficiency_kmh_per_wkg, f)],
    [t('card.weight'), f.weight(bike.weight_kg)],
  ];
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="bike-card"
      className={cn(
        'h-full w-full rounded-xl border bg-white p-4 text-left shadow-sm transition hover:border-brand-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:bg-slate-800',
        selected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200 dark:border-slate-700',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 truncate font-semibold text-slate-900 dark:text-white">
            {bike.is_primary && (
              <Star className="h-4 w-4 shrink-0 text-brand-600" aria-label={t('bikes:primary')} />
            )}
            <span className="truncate">{bike.name}</span>
          </p>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">
            {details || t('card.noBrand')}
          </p>
        </div>
        <TypeBadge type={bike.type} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="truncate text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {s.strava_odometer_m !== null && (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          {t('card.odometer', { distance: f.distance(s.strava_odometer_m) })}
        </p>
      )}
    </button>
  );
}
