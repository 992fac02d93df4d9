import { ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { scrollToTop } from './scrollToSection';
import { SCROLL_TOP_THRESHOLD_PX, useScrolledPast } from '../../hooks/useScrollPosition';

/** A floating button back to the top, shown once the page is scrolled past 400 px. */
export function ScrollToTop() {
  const { t } = useTranslation('landing');
  const visible = useScrolledPast(SCROLL_TOP_THRESHOLD_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      data-testid="scroll-to-top"
      onClick={scrollToTop}
      aria-label={t('scrollToTop')}
      title={t('scrollToTop')}
      className="fixed right-4 bottom-4 z-40 flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-600/30 transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:right-6 sm:bottom-6"
    >
      <ArrowUp className="h-5 w-5" aria-hidden />
    </button>
  );
}
