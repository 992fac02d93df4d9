import { describe, expect, it } from 'vitest';
import { renderScreen, screen, within } from '../../test/render';
import { FormulasScreen } from './FormulasScreen';

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

  it('tells a Spanish reader when a page is shown in English, not yet translated', async () => {
    await renderScreen(<FormulasScreen />, { ...at('critical-power'), language: 'es' });
    expect(
      await screen.findByText('Esta página aún no está traducida: se muestra en inglés.'),
    ).toBeInTheDocument();
  });
});
