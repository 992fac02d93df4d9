import { useSyncExternalStore } from 'react';

/** Spec 000 §9: the bar gains a shadow after 10 px; the scroll-to-top button appears after 400 px. */
export const NAV_SHADOW_THRESHOLD_PX = 10;
export const SCROLL_TOP_THRESHOLD_PX = 400;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/**
 * Whether the page is scrolled further than `threshold` pixels. The snapshot is a boolean,
 * so the component re-renders only when the answer flips, not on every scroll event.
 */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
}
