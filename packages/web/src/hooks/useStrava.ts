import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/AuthProvider';
import {
  disconnectStrava,
  getStravaConnection,
  getSyncStatus,
  type StravaConnection,
  type SyncStatus,
  startStravaConnect,
} from '../api/strava';
import { queryKeys } from '../api/query-keys';

/** Spec 001 §4: the status record is re-read every 2 s while importing or processing. */
export const SYNC_POLL_MS = 2000;

export function isRunning(status: SyncStatus | null | undefined): boolean {
  return status?.status === 'importing' || status?.status === 'processing';
}

export function useStravaConnection() {
  const { user } = useAuth();
  return useQuery<StravaConnection>({
    queryKey: queryKeys.strava.connection.get(user?.id),
    queryFn: getStravaConnection,
    enabled: Boolean(user),
    staleTime: 10_000,
  });
}

/** The sync_status record; polls while a run is active. When a run ends, what it changed is re-read. */
export function useSyncStatus() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useQuery<SyncStatus | null>({
    queryKey: queryKeys.strava.syncStatus.get(user?.id),
    queryFn: async () => {
      const previous = queryClient.getQueryData<SyncStatus | null>(queryKeys.strava.syncStatus.get(user?.id));
      const next = await getSyncStatus();
      if (isRunning(previous) && !isRunning(next)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.strava.activities.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.strava.connection.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all });
      }
      return next;
    },
    enabled: Boolean(user),
    staleTime: 0,
    refetchInterval: (query) => (isRunning(query.state.data) ? SYNC_POLL_MS : false),
  });
}

/** Starts the OAuth flow: the server signs a state for this rider; the browser goes to Strava. */
export function useConnectStrava(returnTo: string) {
  return useMutation({
    mutationFn: () => startStravaConnect(returnTo),
    onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
  });
}

export function useDisconnectStrava() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectStrava,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.strava.connection.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.strava.activities.all });
    },
  });
}

/** Outcome of the OAuth callback (`?strava=…`) the server redirected to. */
export const CONNECT_OUTCOMES = ['connected', 'denied', 'scope', 'expired', 'in_use', 'error'] as const;
export type ConnectOutcome = (typeof CONNECT_OUTCOMES)[number];

export function connectOutcome(search: string): ConnectOutcome | undefined {
  const value = new URLSearchParams(search).get('strava');
  return CONNECT_OUTCOMES.find((o) => o === value);
}
