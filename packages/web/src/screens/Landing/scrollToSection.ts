function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls (smoothly, unless the rider prefers reduced motion) to the element with this id and moves
 * keyboard focus there, so that a hash link behaves like a skip link. Returns false when no such
 * element exists.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({
    behavior: prefersReducedMotion() ? 'instant' : 'smooth',
    block: 'start',
  });
  // replaceState keeps the router's history entry (and its index) intact; only the hash changes.
  if (window.location.hash !== `#${id}`) window.history.replaceState(window.history.state, '', `#${id}`);
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
}
