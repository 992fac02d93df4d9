// Renders one screen as the app would show it, with the world beyond the page faked at its edge:
// the real texts (es or en), a fresh TanStack QueryClient (no retries: an error shows at once), a
// MemoryRouter at a route, the real AuthProvider, and a `fetch` that answers the API's paths with
// given JSON (shaped by @vatio/schemas, see ./answers). The app's API client (api/client.ts) is used
// unchanged: it sends the bearer token, parses errors into ApiError, and so on.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { act, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { storeTokens } from '../api/client';
import { AuthProvider, useAuth } from '../auth/AuthProvider';
import { me as meAnswer, nothingDue, stravaNotConnected } from './answers/me';

// The queries tests use (a peer of @testing-library/react, which configures it to wrap React's act).
export { screen, waitFor, within } from '@testing-library/dom';

/** An answer with a status other than 200, or with a body that is not JSON. */
export interface Reply {
  status: number;
  body?: unknown;
}

/** What the fake server says to a path: JSON (200), a Reply, PENDING (never answers), or a function. */
export type Answer = unknown;
/** A list answers in turn, the last one from then on (e.g. an error, then the data after Retry). */
export type Answers = Record<string, Answer | Answer[] | ((request: SeenRequest) => Answer)>;

/** A request the screen made: method, path under /api (without the query), query, JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

/** Answers nothing, ever: the screen stays in its loading state. */
export const PENDING = Symbol('pending');

const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number';

/** An error answer as the server gives it: `{ error: { code, message } }`. */
export function fail(status: number, code = 'INTERNAL', message = 'Test failure'): Reply {
  return { status, body: { error: { code, message } } };
}

/** '/activities/:id' matches '/activities/abc'; keys are 'GET /path' or just '/path' (GET). */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

function keyOf(key: string): { method: string; pattern: string } {
  const space = key.indexOf(' ');
  return space > 0
    ? { method: key.slice(0, space).toUpperCase(), pattern: key.slice(space + 1) }
    : { method: 'GET', pattern: key };
}

/** A fake `fetch` for the API: every call is recorded; an unanswered path is a 404 and a warning. */
export function fakeApi(answers: Answers) {
  const requests: SeenRequest[] = [];
  const turns = new Map<string, number>();
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://vatio.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers = new Headers(init.headers);
    const request: SeenRequest = {
      method,
      path,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
    };
    requests.push(request);
    const exact = Object.keys(answers).find((key) => {
      const { method: m, pattern } = keyOf(key);
      return m === method && pattern === path;
    });
    const key =
      exact ??
      Object.keys(answers).find((k) => {
        const { method: m, pattern } = keyOf(k);
        return m === method && matches(pattern, path);
      });
    if (key === undefined) {
      console.warn(`fakeApi: no answer for ${method} ${path}`);
      return json(404, { error: { code: 'NOT_FOUND', message: `No answer for ${method} ${path}` } });
    }
    let answer = answers[key];
    if (Array.isArray(answer) && SEQUENCES.has(answer)) {
      const turn = turns.get(key) ?? 0;
      turns.set(key, turn + 1);
      answer = answer[Math.min(turn, answer.length - 1)];
    }
    if (typeof answer === 'function') answer = (answer as (r: SeenRequest) => Answer)(request);
    if (answer === PENDING)
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    if (isReply(answer)) return json(answer.status, answer.body);
    return json(200, answer);
  });
  return { fetch, requests };
}

/** Lists of answers given in turn (a plain array is a JSON array answer). */
const SEQUENCES = new WeakSet<Answer[]>();
/** The answers in turn: `inTurn(fail(500), data)` fails once, then answers the data. */
export function inTurn(...items: Answer[]): Answer[] {
  SEQUENCES.add(items);
  return items;
}

function json(status: number, body: unknown): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface RenderScreenOptions {
  /** The URL the MemoryRouter starts at. */
  route?: string;
  /** Pages visited before `route` in this tab (the router's history, oldest first); none by default. */
  history?: string[];
  /** The route pattern the screen is mounted under (for useParams); defaults to the route's path. */
  path?: string;
  language?: 'es' | 'en';
  /** The API's answers by 'METHOD /path' (under /api); /me defaults to a rider with a profile. */
  answers?: Answers;
  /** false: a visitor (no session); the public screens then show the example rider. */
  signedIn?: boolean;
}

/** Renders `ui` signed in (by default) with the given API answers; returns Testing Library's queries. */
export async function renderScreen(ui: ReactElement, options: RenderScreenOptions = {}) {
  const language = options.language ?? 'en';
  const route = options.route ?? '/';
  const signedIn = options.signedIn ?? true;
  const history = options.history ?? [];
  const answers: Answers = {
    // No stored language: AuthProvider would otherwise switch i18n asynchronously (setLanguage), and
    // a switch landing after the test ended would leak into the next one. The page's language is set
    // below, as the rider's browser would give it.
    '/me': { ...meAnswer, settings: { ...meAnswer.settings, language: null } },
    // What the app's frame and banners ask on many screens: no Strava, no maintenance due.
    '/strava/connection': stravaNotConnected,
    '/maintenance/due': nothingDue,
    ...options.answers,
  };
  const api = fakeApi(answers);
  vi.stubGlobal('fetch', api.fetch);
  document.documentElement.lang = language;
  localStorage.setItem('vatio.language', language);
  await act(() => i18n.changeLanguage(language));
  if (signedIn) storeTokens({ access_token: 'test-access-token', expires_in: 3600 });
  else storeTokens(null);

  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  const path = options.path ?? route.split(/[?#]/)[0];
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter initialEntries={[...history, route]} initialIndex={history.length}>
          <Routes>
            <Route path={path} element={<AuthReady>{ui}</AuthReady>} />
            <Route path="*" element={<NavigatedAway />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, user: userEvent.setup(), requests: api.requests, fetch: api.fetch, queryClient };
}

/** What the router shows once the screen sends the rider elsewhere; `data-path` says where. */
function NavigatedAway() {
  const { pathname } = useLocation();
  return (
    <p data-testid="navigated-away" data-path={pathname}>
      navigated away
    </p>
  );
}

/** The screen mounts once /me has answered, as behind the app's RouteGuard. */
function AuthReady({ children }: { children: ReactElement }) {
  const { loading } = useAuth();
  return loading ? <p data-testid="auth-loading">auth</p> : children;
}
