import { CheckCircle2, Link2, Unlink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../hooks/useFormat';
import {
  connectOutcome,
  useConnectStrava,
  useDisconnectStrava,
  useStravaConnection,
} from '../../hooks/useStrava';

/** Strava's brand orange (https://developers.strava.com/guidelines/). */
export const STRAVA_ORANGE = 'bg-[#fc4c02]';

/**
 * The Strava row of 'Connected Accounts' (spec 001 §2.10) and of the /auth connect screen: connect,
 * disconnect, who is connected and when it last synced; what to do when the server has no Strava
 * application or Strava refused the token.
 */
export function StravaConnectCard({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation(['strava', 'common']);
  const f = useFormat();
  const connection = useStravaConnection();
  const connect = useConnectStrava(returnTo);
  const disconnect = useDisconnectStrava();
  const data = connection.data;

  let statusText = t('common:loading');
  if (data?.connected) {
    statusText = data.athlete_name ? t('connectedAs', { name: data.athlete_name }) : t('connected');
  } else if (data) statusText = t('notConnected');

  return (
    <div className="space-y-3">
      {/* Wraps by the card's own width (it sits in a narrow card on /auth and a wide one on /profile). */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <span
          aria-hidden
          className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg ${STRAVA_ORANGE} text-white`}
        >
          <Link2 className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1 basis-48">
          <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
            Strava
            {data?.connected && !data.token_invalid && (
              <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-label={t('connected')} />
            )}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="strava-status">
            {statusText}
          </p>
          {data?.connected && (
            <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="strava-last-sync">
              {data.last_sync_at ? t('lastSync', { date: f.dateTime(data.last_sync_at) }) : t('neverSynced')}
            </p>
          )}
        </div>
        {data?.connected && !data.token_invalid ? (
          <Button
            variant="secondary"
            data-testid="strava-disconnect"
            loading={disconnect.isPending}
            onClick={() => {
              if (window.confirm(t('disconnectConfirm'))) disconnect.mutate();
            }}
          >
            <Unlink className="h-4 w-4" aria-hidden />
            {t('disconnect')}
          </Button>
        ) : (
          <Button
            data-testid="strava-connect"
            className={`${STRAVA_ORANGE} text-white hover:bg-[#e34402]`}
            disabled={!data?.configured}
            aria-describedby={data && !data.configured ? 'strava-not-configured' : undefined}
            loading={connect.isPending}
            onClick={() => connect.mutate()}
          >
            {data?.token_invalid ? t('reconnect') : t('connect')}
          </Button>
        )}
      </div>
      {data && !data.configured && (
        <p id="strava-not-configured" className="text-sm text-slate-600 dark:text-slate-300">
          {t('notConfigured')}
        </p>
      )}
      {data?.token_invalid && <Alert>{t('tokenExpired')}</Alert>}
      {connection.isError && <Alert>{errorMessage(connection.error, t)}</Alert>}
      {connect.isError && <Alert>{errorMessage(connect.error, t)}</Alert>}
      {disconnect.isError && <Alert>{errorMessage(disconnect.error, t)}</Alert>}
    </div>
  );
}

/** What the OAuth callback reported (`?strava=…`), in words. */
export function StravaOutcomeBanner() {
  const { t } = useTranslation('strava');
  const outcome = connectOutcome(useLocation().search);
  if (!outcome) return null;
  return (
    <div data-testid="strava-outcome" data-outcome={outcome}>
      <Alert tone={outcome === 'connected' ? 'success' : 'error'}>{t(`outcome.${outcome}`)}</Alert>
    </div>
  );
}
