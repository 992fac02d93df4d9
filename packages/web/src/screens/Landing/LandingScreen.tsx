import { useTranslation } from 'react-i18next';
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
import { Testimonials } from './Testimonials';

/**
 * The public landing page (spec 000 §2 "Landing page (/)"). Arriving at /#section is handled by the
 * router's <ScrollRestoration />, which scrolls to the element named by the hash.
 */
export function LandingScreen() {
  const { t } = useTranslation('landing');

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
