import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen, screen } from '../../test/render';
import { NotFoundScreen } from './NotFoundScreen';

// A visitor lands on an address the router does not know: the screen says so and offers a way home.
const unknown = { route: '/no-such-page', signedIn: false } as const;

// The screen reads whether the tab has a page to go back to from React Router's entry in the
// browser's history (its `idx`); the tests set it as the browser router would and put it back.
afterEach(() => {
  window.history.replaceState(null, '');
});

describe('NotFoundScreen', () => {
  it('says the page does not exist and links home, in English', async () => {
    await renderScreen(<NotFoundScreen />, { ...unknown, language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/doesn't exist or has moved/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('says the page does not exist and links home, in Spanish', async () => {
    await renderScreen(<NotFoundScreen />, { ...unknown, language: 'es' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/no existe o se ha movido/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Volver atrás' })).toBeInTheDocument();
  });

  it('takes a visitor who arrived directly home when they press Go Back, not out of the app', async () => {
    const { user } = await renderScreen(<NotFoundScreen />, { ...unknown, language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    // Home is not this screen's route, so the router shows what it mounts for any other path.
    expect(await screen.findByTestId('navigated-away')).toHaveAttribute('data-path', '/');
  });

  it('takes a rider who followed a broken link back to the page they came from', async () => {
    // The browser router's entry for the second page of this tab: there is a page before it.
    window.history.replaceState({ idx: 1 }, '');
    const { user } = await renderScreen(<NotFoundScreen />, {
      ...unknown,
      history: ['/activities'],
      language: 'en',
    });
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByTestId('navigated-away')).toHaveAttribute('data-path', '/activities');
  });
});
