import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CallToAction } from './CallToAction';
import { ComparisonTable } from './ComparisonTable';
import { DemoPreview } from './DemoPreview';
import { Features } from './Features';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { Integration } from './Integration';
import { LandingFooter } from './LandingFooter';
import { LandingNav } from './LandingNav';
import { Methodology } from './Methodology';
import { ScrollToTop } from './ScrollToTop';
import { scrollToSection } from './scrollToSection';
import { Testimonials } from './Testimonials';

/** The public landing page (spec 000 §2 "Landing page (/)"). */
export function LandingScreen() {
  const { t } = useTranslation('landing');
  const { hash } = useLocation();

  // Arriving at /#features (from another page or a shared link) lands on that section: the browser
  // looked for it before React rendered it, so jump there once the page exists.
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const frame = requestAnimationFrame(() => scrollToSection(id, { smooth: false }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  return (
    <div className="min-h-screen overflow-x-clip bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      <title>{t('meta.title')}</title>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      <LandingNav />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <Features />
        <DemoPreview />
        <ComparisonTable />
        <Testimonials />
        <Methodology />
        <HowItWorks />
        <Integration />
        <CallToAction />
      </main>
      <LandingFooter />
      <ScrollToTop />
    </div>
  );
}
