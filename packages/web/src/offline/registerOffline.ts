import { onTokensChange } from '../api/client';
import { clearNarrativeCache } from './narrativeCache';

/** Cache names of /sw.js that hold the rider's data (not the app shell). */
const RIDER_CACHES = ['vatio-api-v1'];

/**
 * Registers the offline worker (/sw.js: app shell, and the last /api/me so a signed-in rider can
 * reopen the narrative dashboard offline) in production builds, and forgets the rider's cached
 * data when they sign out, so the next person on this browser never sees it.
 */
export function registerOffline(): void {
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('/sw.js').catch(() => {
        // No offline support (private mode, old browser): the app works the same online.
      });
    });
  }
  onTokensChange((tokens) => {
    if (tokens) return;
    clearNarrativeCache();
    if (typeof caches !== 'undefined') for (const name of RIDER_CACHES) void caches.delete(name);
  });
}
