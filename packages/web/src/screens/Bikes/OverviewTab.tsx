import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type BikeRide, type BikeWithStats, listBikeRides, moveRides } from '../../api/bikes';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Select } from '../../components/ui/Input';
import { useFormat } from '../../hooks/useFormat';
import { errorMessage } from '../../lib/errors';
import { efficiencyText, Stat } from './GarageParts';
import { MoveRidesForm } from './MoveRidesForm';

/** Vista General: the bike's figures, moving rides onto it by days, and its rides (each can move). */
export function OverviewTab({ bike, bikes }: { bike: BikeWithStats; bikes: readonly BikeWithStats[] }) {
  const { t } = useTranslation('garage');
  const f = useFormat();
  const s = bike.stats;
  return (
    <div className="space-y-5">
      <div data-testid="bike-stats" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label={t('card.rides')} value={f.number(s.rides)} formula="bikeStats" testId="stat-rides" />
        <Stat
          label={t('card.distance')}
          value={f.distance(s.distance_m)}
          formula="bikeStats"
          testId="stat-distance"
        />
        <Stat label={t('overview.time')} value={f.hoursMinutes(s.moving_time_s)} formula="bikeStats" />
        <Stat label={t('card.power')} value={f.watts(s.average_power_w)} formula="bikeStats" />
        <Stat label={t('card.speed')} value={f.speed(s.average_speed_mps)} formula="bikeStats" />
        <Stat
          label={t('card.cda')}
          value={s.cda_m2 === null ? '—' : `${f.number(s.cda_m2, 3)} m²`}
          formula="bikeCda"
          hint={
            s.cda_source === 'bike'
              ? t('overview.cdaBike')
              : s.cda_source === 'rides'
                ? t('overview.cdaRides', { count: s.cda_rides })
                : t('overview.cdaNone')
          }
        />
        <Stat
          label={t('card.efficiency')}
          value={efficiencyText(s.efficiency_kmh_per_wkg, f)}
          formula="bikeEfficiency"
          wrap
          hint={
            s.efficiency_kmh_per_wkg === null
              ? t('overview.efficiencyNone')
              : t('overview.efficiencyRides', { count: s.efficiency_rides })
          }
        />
        <Stat label={t('card.weight')} value={f.weight(bike.weight_kg)} />
      </div>
      {s.strava_odometer_m !== null && (
        <p data-testid="strava-odometer" className="text-sm text-slate-600 dark:text-slate-300">
          {t('overview.odometer', {
            distance: f.distance(s.strava_odometer_m),
            date: f.date(s.strava_distance_at),
          })}
        </p>
      )}
      <section className="space-y-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('move.title')}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('move.body')}</p>
        <MoveRidesForm bikeId={bike.id} />
      </section>
      <BikeRides bike={bike} bikes={bikes} />
    </div>
  );
}

function BikeRides({ bike, bikes }: { bike: BikeWithStats; bikes: readonly BikeWithStats[] }) {
  const { t } = useTranslation('garage');
  const f = useFormat();
  const { user } = useAuth();
  const rides = useQuery({
    queryKey: queryKeys.bikes.rides(user?.id, bike.id),
    queryFn: () => listBikeRides(bike.id),
  });
  const others = bikes.filter((b) => b.id !== bike.id);
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-slate-900 dark:text-white">{t('rides.title')}</h3>
      {rides.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          {t('loading')}
        </p>
      ) : rides.isError ? (
        <Alert>{errorMessage(rides.error, t)}</Alert>
      ) : rides.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500 dark:border-slate-600">
          {t('rides.empty')}
        </p>
      ) : (
        <ul
          data-testid="bike-rides"
          className="max-h-96 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
        >
          {rides.data.map((ride) => (
            <RideRow key={ride.id} ride={ride} others={others} f={f} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RideRow({
  ride,
  others,
  f,
}: {
  ride: BikeRide;
  others: readonly BikeWithStats[];
  f: ReturnType<typeof useFormat>;
}) {
  const { t } = useTranslation('garage');
  const queryClient = useQueryClient();
  const [target, setTarget] = useState(others[0]?.id ?? '');
  const move = useMutation({
    mutationFn: () => moveRides(target, { ids: [ride.id] }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activities.all }),
      ]),
  });
  return (
    <li className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <Link
          to={`/activities/${ride.id}`}
          className="font-medium text-slate-900 hover:underline dark:text-white"
        >
          {ride.name ?? t('rides.unnamed')}
        </Link>
        <p className="text-slate-500 dark:text-slate-400">
          {f.date(ride.start_time)} · {f.distance(ride.distance_m)} · {f.hoursMinutes(ride.moving_time_s)}
        </p>
      </div>
      {others.length > 0 && (
        <div className="flex items-center gap-2">
          <Select
            aria-label={t('rides.moveTo')}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            className="w-auto min-w-32"
          >
            {others.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </Select>
          <Button variant="secondary" className="px-3" loading={move.isPending} onClick={() => move.mutate()}>
            {t('rides.move')}
          </Button>
        </div>
      )}
      {move.isError && <Alert>{errorMessage(move.error, t)}</Alert>}
    </li>
  );
}
