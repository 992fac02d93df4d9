import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bike } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { updateActivity } from '../../api/activities';
import { listBikes } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { errorMessage } from '../../lib/errors';
import { Select } from '../ui/Input';

/**
 * The ride's bike on the ride page (issue 15): choosing another moves the ride, and its distance, to
 * that bike (PUT /api/activities/:id {bike_id}); "none" unlinks it.
 */
export function RideBikeSelect({ activityId, bikeId }: { activityId: string; bikeId: string | null }) {
  const { t } = useTranslation('bikes');
  const id = useId();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const bikes = useQuery({ queryKey: queryKeys.bikes.list(user?.id), queryFn: listBikes });
  const move = useMutation({
    mutationFn: (next: string | null) => updateActivity(activityId, { bike_id: next }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.activity.detail(activityId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all }),
      ]),
  });
  if (!bikes.data || bikes.data.length === 0) return null;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Bike className="h-4 w-4 text-slate-500" aria-hidden />
      <label htmlFor={id} className="sr-only">
        {t('rideBike')}
      </label>
      <Select
        id={id}
        data-testid="ride-bike"
        className="w-auto py-1"
        value={move.variables !== undefined && move.isPending ? (move.variables ?? '') : (bikeId ?? '')}
        disabled={move.isPending}
        onChange={(e) => move.mutate(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">{t('noBike')}</option>
        {bikes.data.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </Select>
      {move.isError && (
        <span role="alert" className="text-xs text-red-600">
          {errorMessage(move.error, t)}
        </span>
      )}
    </span>
  );
}
