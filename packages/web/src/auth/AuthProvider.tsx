import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  ApiError,
  dropMemoryTokens,
  hasSession,
  onTokensChange,
  restoreSession,
  SESSION_STORAGE_KEY,
  storeTokens,
} from '../api/client';
import { getMe, logout } from '../api/endpoints';
import type { AuthResult, Me, Profile, Settings, User } from '../api/types';
import { setLanguage } from '../i18n';
import { applyTheme } from '../lib/theme';

/** Spec 000 §3 "Auth state": user, profile, session, loading, error. */
export interface AuthState {
  user: User | null;
  profile: Profile | null;
  settings: Settings | null;
  loading: boolean;
  error: string | null;
  /** True after the rider signed out on purpose: guarded pages then lead home, not to the login form. */
  signedOut: boolean;
  signIn: (result: AuthResult) => Promise<Me | null>;
  /** `ended`: the server already ended the session (signed out everywhere): only forget it here. */
  signOut: (options?: { ended?: boolean }) => Promise<void>;
  /** Re-reads /api/me, after the profile or settings change. */
  refresh: () => Promise<Me | null>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null>(null);
  const [loading, setLoading] = useState(() => hasSession());
  const [error, setError] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const queryClient = useQueryClient();

  const load = useCallback(async (): Promise<Me | null> => {
    // A reloaded page renews its access token through the refresh cookie. Offline, /api/me still
    // answers from the service worker's copy, so the rider's saved pages open.
    if ((await restoreSession()) === 'none') {
      setMe(null);
      setLoading(false);
      return null;
    }
    try {
      const result = await getMe();
      setMe(result);
      setError(null);
      if (result.settings.language) setLanguage(result.settings.language);
      applyTheme(result.settings.theme);
      return result;
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) storeTokens(null);
      setMe(null);
      setError(e instanceof Error ? e.message : 'Unknown error');
      return null;
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
    // Another tab signing out, or a failed refresh, clears the tokens: drop the rider here too.
    const unsubscribe = onTokensChange((tokens) => {
      if (!tokens) setMe(null);
    });
    // Another tab signed in (the key set) or out (removed): follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_STORAGE_KEY) return;
      if (event.newValue === null) {
        dropMemoryTokens();
        setMe(null);
      } else void load();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [load]);

  const signIn = useCallback(
    async (result: AuthResult) => {
      // The refresh token came as an HttpOnly cookie; only the access token is kept, in memory.
      storeTokens({ access_token: result.access_token, expires_in: result.expires_in });
      setLoading(true);
      setSignedOut(false);
      return load();
    },
    [load],
  );

  const signOut = useCallback(
    async (options?: { ended?: boolean }) => {
      setSignedOut(true);
      try {
        if (hasSession() && !options?.ended) await logout();
      } catch {
        // Signing out locally must work even when the server is unreachable.
      }
      storeTokens(null);
      setMe(null);
      // Nothing of one rider may show up for the next one on this browser.
      queryClient.clear();
    },
    [queryClient],
  );

  const value = useMemo<AuthState>(
    () => ({
      user: me?.user ?? null,
      profile: me?.profile ?? null,
      settings: me?.settings ?? null,
      loading,
      error,
      signedOut,
      signIn,
      signOut,
      refresh: load,
    }),
    [me, loading, error, signedOut, signIn, signOut, load],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
