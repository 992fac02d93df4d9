import { describe, expect, it, vi } from 'vitest';
import { renderScreen, screen, within } from '../../test/render';
import { FormulasScreen } from './FormulasScreen';

// Every English page has its Spanish twin now (FORMULA_PAGES_PENDING_TRANSLATION is empty), so the
// English fallback is shown by hiding one twin: while `hidden.page` names a page, it loads as if
// docs/formulas/es had no twin for it (the real loader then answers the English page). Other pages,
// and every other test, load as they are.
const hidden = vi.hoisted(() => ({ page: '' }));
vi.mock('./formulasPages', async (importOriginal) => {
  const real = await importOriginal<typeof import('./formulasPages')>();
  return {
    ...real,
    loadFormulaMarkdown: (page: string, language?: string) =>
      real.loadFormulaMarkdown(page, page === hidden.page ? 'en' : language),
  };
});

const at = (page: string) => ({ route: `/formulas/${page}`, path: '/formulas/:page', signedIn: false });

describe('FormulasScreen', () => {
  it('says it is loading until the page’s markdown has arrived', async () => {
    await renderScreen(<FormulasScreen />, at('normalized-power'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1, name: /Normalized Power/i })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a page that does not exist does not, with no formulas shown', async () => {
    await renderScreen(<FormulasScreen />, at('no-such-page'));
    expect(await screen.findByRole('heading', { name: 'No such formulas page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All formulas' })).toHaveAttribute('href', '/formulas');
  });

  it('shows the index with a link to every formula page', async () => {
    await renderScreen(<FormulasScreen />, { route: '/formulas', path: '/formulas', signedIn: false });
    const article = (await screen.findByRole('article', {}, { timeout: 3000 })) as HTMLElement;
    expect(await within(article).findAllByRole('link')).not.toHaveLength(0);
    expect(article.querySelector('a[href="/formulas/normalized-power"]')).not.toBeNull();
  });

  it('follows a link between formula pages inside the app', async () => {
    const { user } = await renderScreen(<FormulasScreen />, {
      route: '/formulas',
      path: '/formulas/:page?',
      signedIn: false,
    });
    const article = await screen.findByRole('article');
    const link = await within(article).findByRole('link', { name: /normalized power/i });
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: /Normalized Power/i })).toBeInTheDocument();
  });

  it('shows a Spanish reader the Spanish page where there is one', async () => {
    await renderScreen(<FormulasScreen />, { ...at('normalized-power'), language: 'es' });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Resumen de potencia y potencia normalizada/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/aún no está traducida/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it('shows a Spanish reader a formerly pending page in Spanish, with no note', async () => {
    await renderScreen(<FormulasScreen />, { ...at('critical-power'), language: 'es' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'FTP, potencia crítica y W′' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/aún no está traducida/)).toBeNull();
  });

  it('tells a Spanish reader when a page is shown in English, not yet translated', async () => {
    hidden.page = 'critical-power';
    try {
      await renderScreen(<FormulasScreen />, { ...at('critical-power'), language: 'es' });
      expect(
        await screen.findByText('Esta página aún no está traducida: se muestra en inglés.'),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { level: 1, name: 'FTP, critical power and W′' }),
      ).toBeInTheDocument();
    } finally {
      hidden.page = '';
    }
  });
});
