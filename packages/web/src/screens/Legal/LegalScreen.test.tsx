import { describe, expect, it } from 'vitest';
import enLegal from '../../i18n/locales/en/legal.json';
import esLegal from '../../i18n/locales/es/legal.json';
import { renderScreen, screen, within } from '../../test/render';
import { LegalScreen } from './LegalScreen';

const visitor = { signedIn: false } as const;
const titlesOf = (sections: Record<string, { title: string }>) => Object.values(sections).map((s) => s.title);
/** A section heading's accessible name: its number, then its title (the number is a separate span). */
const numbered = (position: number, title: string) => (name: string) =>
  name.replace(/^(\d+)\.\s*/, '$1. ') === `${position}. ${title}`;

describe('LegalScreen', () => {
  it('shows the terms of use with every section, listed in the contents, in English', async () => {
    await renderScreen(<LegalScreen document="terms" />, { ...visitor, route: '/terms', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    const titles = titlesOf(enLegal.terms.sections);
    expect(titles.length).toBeGreaterThan(3);
    const contents = within(screen.getByRole('navigation', { name: 'Contents' }));
    titles.forEach((title, index) => {
      // Each section is a numbered heading, and the contents link to it.
      expect(screen.getByRole('heading', { level: 2, name: numbered(index + 1, title) })).toBeInTheDocument();
      expect(contents.getByRole('link', { name: title })).toBeInTheDocument();
    });
    expect(contents.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
      'href',
      '/auth/signup',
    );
  });

  it('shows the privacy policy with every section in Spanish, and a way home', async () => {
    await renderScreen(<LegalScreen document="privacy" />, { ...visitor, route: '/privacy', language: 'es' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' }),
    ).toBeInTheDocument();
    titlesOf(esLegal.privacy.sections).forEach((title, index) => {
      expect(screen.getByRole('heading', { level: 2, name: numbered(index + 1, title) })).toBeInTheDocument();
    });
    const contents = within(screen.getByRole('navigation', { name: 'Contenido' }));
    expect(contents.getByRole('link', { name: 'Términos de uso' })).toHaveAttribute('href', '/terms');
    expect(screen.getAllByRole('link', { name: 'Volver al inicio' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Crear una cuenta gratis' })).toBeInTheDocument();
  });

  it('shows the terms in Spanish', async () => {
    await renderScreen(<LegalScreen document="terms" />, { ...visitor, route: '/terms', language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Términos de uso' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: numbered(1, titlesOf(esLegal.terms.sections)[0] ?? '') }),
    ).toBeInTheDocument();
  });

  it('shows the privacy policy in English', async () => {
    await renderScreen(<LegalScreen document="privacy" />, { ...visitor, route: '/privacy', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    const titles = titlesOf(enLegal.privacy.sections);
    expect(
      screen.getByRole('heading', { level: 2, name: numbered(titles.length, titles.at(-1) ?? '') }),
    ).toBeInTheDocument();
  });
});
