import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postAeroFit, saveBikeAero } from '../../api/activities';
import { queryKeys } from '../../api/query-keys';
import type { LabValues } from './aeroLabModel';
import { requestFor } from './aeroLabModel';

/** The lab's first answer for a ride or lap: starting values and the samples the sliders redraw from. */
export function useAeroLabStart(activityId: string | null, lap: number | null) {
  return useQuery({
    queryKey: queryKeys.activity.aeroLab(activityId ?? '', lap ?? -1),
    queryFn: () => postAeroFit(activityId!, { include_samples: true, ...(lap === null ? {} : { lap }) }),
    enabled: activityId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** "Fit automatically": the least-squares CdA and Crr at the sliders' mass, density and wind. */
export function useAeroFit(activityId: string | null, lap: number | null) {
  return useMutation({
    mutationFn: (values: LabValues) => postAeroFit(activityId!, requestFor(values, lap, true)),
  });
}

export function useSaveToBike(activityId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bikeId, values }: { bikeId: string; values: LabValues }) =>
      saveBikeAero(bikeId, { cda_m2: values.cdaM2, crr: values.crr, aero_activity_id: activityId! }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.bikes.all });
      void client.invalidateQueries({ queryKey: queryKeys.analytics.all });
    },
  });
}
