import type { StravaConfig } from '../../config.ts';

/**
 * Strava's push subscription for this application (https://developers.strava.com/docs/webhooks/):
 * one per application, created with the client credentials. Strava checks the callback with a GET
 * handshake (answered by GET /api/strava/webhook) before it answers, so the server must be running
 * and reachable at the callback address.
 */
export interface PushSubscription {
  id: number;
  callback_url: string;
}

function credentials(config: StravaConfig) {
  if (!config.clientId || !config.clientSecret)
    throw new Error('Set STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET first (README, Configuration).');
  return { client_id: config.clientId, client_secret: config.clientSecret };
}

async function failure(response: Response): Promise<Error> {
  const body = await response.text().catch(() => '');
  return new Error(`Strava answered ${response.status}: ${body.slice(0, 500)}`);
}

export async function createPushSubscription(
  config: StravaConfig,
  callbackUrl: string,
): Promise<PushSubscription> {
  if (!config.webhookVerifyToken)
    throw new Error('Set STRAVA_WEBHOOK_VERIFY_TOKEN first: Strava echoes it in the handshake.');
  const response = await fetch(`${config.apiUrl}/push_subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    // Form-encoded, as Strava requires for this endpoint.
    body: new URLSearchParams({
      ...credentials(config),
      callback_url: callbackUrl,
      verify_token: config.webhookVerifyToken,
    }).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw await failure(response);
  const { id } = (await response.json()) as { id: number };
  return { id, callback_url: callbackUrl };
}

export async function listPushSubscriptions(config: StravaConfig): Promise<PushSubscription[]> {
  const url = new URL(`${config.apiUrl}/push_subscriptions`);
  for (const [k, v] of Object.entries(credentials(config))) url.searchParams.set(k, v);
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as PushSubscription[];
}

export async function deletePushSubscription(config: StravaConfig, id: number): Promise<void> {
  const url = new URL(`${config.apiUrl}/push_subscriptions/${id}`);
  for (const [k, v] of Object.entries(credentials(config))) url.searchParams.set(k, v);
  const response = await fetch(url, { method: 'DELETE', signal: AbortSignal.timeout(30_000) });
  if (!response.ok && response.status !== 404) throw await failure(response);
}

/** `vatio strava subscribe | subscriptions | unsubscribe ID`. */
export async function runStravaCommand(
  args: string[],
  config: StravaConfig & { publicUrl: string },
  print: (line: string) => void,
): Promise<number> {
  const [action, arg] = args;
  if (action === 'subscribe') {
    const callback = `${config.publicUrl}/api/strava/webhook`;
    print(`Asking Strava to push events to ${callback} (Vatio must be running and reachable there)…`);
    const subscription = await createPushSubscription(config, callback);
    print(`Push subscription ${subscription.id} created.`);
    return 0;
  }
  if (action === 'subscriptions') {
    const list = await listPushSubscriptions(config);
    if (list.length === 0) print('No push subscription.');
    for (const s of list) print(`${s.id}  ${s.callback_url}`);
    return 0;
  }
  if (action === 'unsubscribe' && arg && /^\d+$/.test(arg)) {
    await deletePushSubscription(config, Number(arg));
    print(`Push subscription ${arg} deleted.`);
    return 0;
  }
  print('usage: vatio strava subscribe | subscriptions | unsubscribe ID');
  return 2;
}
