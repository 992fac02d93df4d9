import { describe, expect, it } from 'vitest';
import { renderScreen, screen, within } from '../../test/render';
import { LandingScreen } from './LandingScreen';

/** The words the landing page shows, per language (from locales/<lang>/landing.json). */
const words = {
  en: {
    title: 'Pro-level power analysis, free and open',
    start: 'Start Free Analysis',
    example: 'See the full analysis of an example rider',
    analysis: 'Analysis',
    examples: ['Dashboard', 'Analytics', 'Bikes'],
    account: 'Account',
    login: 'Log in',
    signup: 'Sign up',
    ctaTitle: 'Ready to understand every watt?',
  },
  es: {
    title: 'Análisis de potencia profesional, libre y gratuito',
    start: 'Comenzar Análisis Gratis',
    example: 'Ver el análisis completo de un ciclista de ejemplo',
    analysis: 'Análisis',
    examples: ['Panel', 'Analíticas', 'Bicicletas'],
    account: 'Cuenta',
    login: 'Iniciar sesión',
    signup: 'Registrarse',
    ctaTitle: '¿Listo para entender cada vatio?',
  },
} as const;

// The example rider's screens a visitor can open without an account (the footer's Analysis column).
const examplePaths = ['/dashboard', '/analytics', '/bikes'];

describe.each(['en', 'es'] as const)('LandingScreen in %s', (language) => {
  const w = words[language];

  it('leads with the title and the call to start for free', async () => {
    await renderScreen(<LandingScreen />, { language, signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: w.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: w.start })).toHaveAttribute('href', '/auth/signup');
    expect(screen.getByRole('heading', { level: 2, name: w.ctaTitle })).toBeInTheDocument();
  });

  it('links a visitor to the example rider’s analysis without an account', async () => {
    await renderScreen(<LandingScreen />, { language, signedIn: false });
    expect(await screen.findByRole('link', { name: w.example })).toHaveAttribute('href', '/analytics');
    const analysis = within(screen.getByRole('list', { name: w.analysis }));
    w.examples.forEach((name, index) => {
      expect(analysis.getByRole('link', { name })).toHaveAttribute('href', examplePaths[index]);
    });
  });

  it('offers a visitor to log in or sign up', async () => {
    await renderScreen(<LandingScreen />, { language, signedIn: false });
    const account = within(await screen.findByRole('navigation', { name: w.account }));
    expect(account.getByRole('link', { name: w.login })).toHaveAttribute('href', '/auth/login');
    expect(account.getByRole('link', { name: w.signup })).toHaveAttribute('href', '/auth/signup');
  });
});

describe('LandingScreen for a signed-in rider', () => {
  it('offers their dashboard instead of signing up', async () => {
    await renderScreen(<LandingScreen />, { language: 'en' });
    const account = within(await screen.findByRole('navigation', { name: 'Account' }));
    expect(account.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(account.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});

// The bar's sections (and the account links) sit in a menu behind a button on a phone's width.
// jsdom applies no breakpoints: the button and the menu are there at every width, as on a phone.
const sections = [
  ['Features', 'features'],
  ['Demo', 'demo'],
  ['Comparison', 'comparison'],
  ['Methodology', 'methodology'],
  ['How it works', 'how-it-works'],
] as const;

/** The landing page for a visitor in English, with its phone menu and that menu's button. */
async function renderWithMenu() {
  const rendered = await renderScreen(<LandingScreen />, { language: 'en', signedIn: false });
  const toggle = await screen.findByTestId('mobile-menu-toggle');
  const menu = document.getElementById('landing-mobile-menu') as HTMLElement;
  return { ...rendered, toggle, menu };
}

describe('LandingScreen’s menu on a phone', () => {
  it('opens from its button with the sections and the account links, and closes from it again', async () => {
    const { user, toggle, menu } = await renderWithMenu();
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    const inMenu = within(menu);
    const pageSections = within(inMenu.getByRole('navigation', { name: 'Page sections' }));
    for (const [name, id] of sections)
      expect(pageSections.getByRole('link', { name })).toHaveAttribute('href', `#${id}`);
    const account = within(inMenu.getByRole('navigation', { name: 'Account' }));
    expect(account.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    expect(account.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/signup');

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
  });

  it('closes when a section is chosen in it, and on Escape', async () => {
    const { user, toggle, menu } = await renderWithMenu();
    await user.click(toggle);
    await user.click(within(menu).getByRole('link', { name: 'Methodology' }));
    expect(menu).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(menu).toBeVisible();
    await user.keyboard('{Escape}');
    expect(menu).not.toBeVisible();
    expect(toggle).toHaveAccessibleName('Open menu');
  });

  it('offers a signed-in rider their dashboard and profile instead of signing up', async () => {
    const { user } = await renderScreen(<LandingScreen />, { language: 'en' });
    const toggle = await screen.findByTestId('mobile-menu-toggle');
    await user.click(toggle);
    const menu = document.getElementById('landing-mobile-menu') as HTMLElement;
    const account = within(within(menu).getByRole('navigation', { name: 'Account' }));
    expect(account.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(account.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(account.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});

describe('LandingScreen’s language switch', () => {
  it('turns the page’s words from Spanish to English and back', async () => {
    const { user } = await renderScreen(<LandingScreen />, { language: 'es', signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: words.es.title })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'en');
    expect(await screen.findByRole('heading', { level: 1, name: words.en.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.en.start })).toHaveAttribute('href', '/auth/signup');
    expect(screen.queryByRole('heading', { level: 1, name: words.es.title })).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('vatio.language')).toBe('en');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    expect(await screen.findByRole('heading', { level: 1, name: words.es.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.es.start })).toHaveAttribute('href', '/auth/signup');
    expect(document.documentElement.lang).toBe('es');
    // Not a speed check: alone it takes ~1.1 s, but in `npm test` beside the PostgreSQL and browser
    // stages on two cores it took 2.5–5.3 s, past vitest's default 5 s once (the whole landing page's
    // roles are computed for each query, twice over).
  }, 15_000);
});
