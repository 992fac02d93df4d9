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
