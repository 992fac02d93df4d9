import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { contractRoutes } from '../../http/route.ts';
import { QUEUES, type JobQueue } from '../../jobs/queue.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { stravaContracts } from './strava.contract.ts';
import type { StravaServices } from './strava.module.ts';
import { presentConnection, presentStravaActivity, presentSyncStatus } from './strava.presenter.ts';
import { STATE_COOKIE } from './strava-oauth-state.ts';
import { IMPORT_WINDOW_DAYS } from './strava-sync.service.ts';
import type { StravaWebhookEvent } from './strava-types.ts';

export function stravaRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; strava: StravaServices; queue: JobQueue; now: () => Date },
) {
  const { strava, queue, now } = deps;
  const on = contractRoutes(app, stravaContracts, deps);
  const statusOf = async (userId: string) => {
    const row = await strava.status.find(userId);
    return row ? presentSyncStatus(row) : null;
  };

  on('GET /api/strava/connection', async (_input, request) =>
    presentConnection(strava.oauth.configured, await strava.connections.find(request.auth.userId)),
  );

  on('POST /api/strava/connect', async ({ body }, request, reply) => {
    const { url, cookie } = strava.connect.authorizeUrl(request.auth.userId, body.return_to);
    reply.header('set-cookie', cookie);
    return { authorize_url: url };
  });

  // Strava's redirect after its authorization page: a browser navigation, so it answers with a redirect.
  // The state must come back to the browser that asked for it (its cookie), and the cookie is cleared.
  on('GET /api/strava/callback', async (_input, request, reply) => {
    const nonce = readCookie(request.headers.cookie, STATE_COOKIE);
    // A browser navigation: whatever the query holds, the answer is a redirect to the app with an
    // outcome. A repeated parameter (an array) or an overlong one is as good as absent: the state
    // then does not verify and the rider is told the attempt expired (it used to be a 500).
    const q = request.query as Record<string, unknown>;
    const text = (name: 'code' | 'state' | 'scope' | 'error') => {
      const value = q[name];
      return typeof value === 'string' && value.length <= 4096 ? value : undefined;
    };
    const target = await strava.connect.callback(
      { code: text('code'), state: text('state'), scope: text('scope'), error: text('error') },
      nonce,
    );
    reply.header('set-cookie', strava.connect.stateCookie('', 0));
    return reply.redirect(target, 302);
  });

  on('DELETE /api/strava/connection', async (_input, request, reply) => {
    if (!(await strava.connect.disconnect(request.auth.userId))) throw new AppError('NOT_FOUND');
    return reply.code(204).send();
  });

  on('GET /api/sync/status', async (_input, request) => statusOf(request.auth.userId));

  on('POST /api/strava/sync', async (input, request, reply) => {
    const { action } = input.body;
    const userId = request.auth.userId;
    if (action === 'import_bikes') await strava.sync.startBikes(userId);
    else await strava.sync.startActivities(userId, IMPORT_WINDOW_DAYS);
    return reply.code(202).send(await statusOf(userId));
  });

  on('POST /api/activities/sync', async (input, request, reply) => {
    const { days_back } = input.body;
    await strava.sync.startActivities(request.auth.userId, days_back);
    return reply.code(202).send(await statusOf(request.auth.userId));
  });

  on('GET /api/strava/activities', async (_input, request) => {
    const rows = await strava.stravaActivities.list(request.auth.userId);
    return { activities: rows.map(presentStravaActivity) };
  });

  on('POST /api/strava/activities/refresh', async (input, request, reply) => {
    const { days } = input.body;
    await strava.sync.startActivities(request.auth.userId, days, 'refresh_list');
    return reply.code(202).send(await statusOf(request.auth.userId));
  });

  on('POST /api/strava/activities/import', async (input, request, reply) => {
    const { strava_ids } = input.body;
    await strava.sync.startSelected(request.auth.userId, strava_ids);
    return reply.code(202).send(await statusOf(request.auth.userId));
  });

  // Push subscription handshake (https://developers.strava.com/docs/webhooks/): echo hub.challenge
  // when hub.verify_token is ours, within two seconds.
  on('GET /api/strava/webhook', async (_input, request) => {
    const expected = strava.config.webhookVerifyToken;
    const q = request.query as Record<string, string | undefined>;
    if (
      !expected ||
      q['hub.mode'] !== 'subscribe' ||
      q['hub.verify_token'] !== expected ||
      !q['hub.challenge']
    )
      throw new AppError('FORBIDDEN');
    return { 'hub.challenge': q['hub.challenge'] };
  });

  // Events: acknowledged at once (Strava wants a 200 within two seconds) and handled by a job.
  on('POST /api/strava/webhook', async ({ body: event }, _request, reply) => {
    // Anyone can post here, and each job spends the app's Strava quota: only events of the configured
    // subscription (when one is configured) about an athlete connected here are queued, once per
    // object and aspect while such a job waits (Strava repeats an event it thinks was not received).
    // Dropped events are still acknowledged, so Strava does not retry them.
    const subscription = strava.config.webhookSubscriptionId;
    const ours = subscription === undefined || event.subscription_id === subscription;
    if (ours && (await strava.connections.userForAthlete(event.owner_id)))
      await queue.send(
        QUEUES.stravaEvent,
        {
          ...event,
          subscription_id: event.subscription_id ?? 0,
          event_time: event.event_time ?? Math.floor(now().getTime() / 1000),
          updates: event.updates ?? {},
        } satisfies StravaWebhookEvent,
        undefined,
        { singletonKey: `${event.owner_id}:${event.object_type}:${event.object_id}:${event.aspect_type}` },
      );
    return reply.code(200).send({ ok: true });
  });
}

/** One cookie's value from a Cookie header (no @fastify/cookie here: parsed by hand). */
function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
