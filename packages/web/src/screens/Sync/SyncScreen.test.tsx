import { describe, expect, it } from 'vitest';
import { activityPage, ride } from '../../test/answers/activities';
import { importDone, noImports, oneImport } from '../../test/answers/imports';
import { stravaNotConnected } from '../../test/answers/me';
import { fail, inTurn, PENDING, renderScreen, screen } from '../../test/render';
import { SyncScreen } from './SyncScreen';

const route = { route: '/sync' };
/** No Strava sync has run (GET /api/sync/status answers null). */
const answers = { '/activities': activityPage([ride()]), '/imports/:id': importDone, '/sync/status': null };

describe('SyncScreen', () => {
  it('says it is loading while the imports have not answered', async () => {
    await renderScreen(<SyncScreen />, { ...route, answers: { ...answers, '/imports': PENDING } });
    const card = await screen.findByTestId('sync-status');
    expect(card).toHaveTextContent('Loading...');
  });

  it('shows why the imports failed with Retry, and Retry asks again and shows the latest import', async () => {
    const { user, requests } = await renderScreen(<SyncScreen />, {
      ...route,
      answers: { ...answers, '/imports': inTurn(fail(500, 'INTERNAL'), oneImport) },
    });
    expect(await screen.findByText(/Internal server error/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('sync-percent')).toHaveTextContent('100%');
    expect(requests.filter((r) => r.path === '/imports')).toHaveLength(2);
  });

  it('does not claim there were no syncs when the imports could not be read', async () => {
    await renderScreen(<SyncScreen />, {
      ...route,
      answers: { ...answers, '/imports': fail(500, 'INTERNAL') },
    });
    expect(await screen.findByText(/Internal server error/)).toBeInTheDocument();
    expect(screen.queryByTestId('sync-none')).toBeNull();
  });

  it('says there were no previous syncs to a rider who never imported', async () => {
    await renderScreen(<SyncScreen />, { ...route, answers: { ...answers, '/imports': noImports } });
    expect(await screen.findByTestId('sync-none')).toHaveTextContent('No previous syncs');
    expect(screen.getByTestId('sync-badge')).toHaveTextContent('Idle');
  });

  it('shows a finished import with its failed file', async () => {
    await renderScreen(<SyncScreen />, { ...route, answers: { ...answers, '/imports': oneImport } });
    expect(await screen.findByText('1 file could not be imported')).toBeInTheDocument();
    expect(screen.getByTestId('sync-badge')).toHaveTextContent('Completed');
  });

  it('speaks Spanish: the finished import', async () => {
    await renderScreen(<SyncScreen />, {
      ...route,
      language: 'es',
      answers: { ...answers, '/imports': oneImport },
    });
    expect(await screen.findByText('1 archivo no se pudo importar')).toBeInTheDocument();
    expect(screen.getByTestId('sync-badge')).toHaveTextContent('Completado');
  });

  it('deletes a finished import with failed files after the rider confirms, then shows the one before', async () => {
    const { user, requests } = await renderScreen(<SyncScreen />, {
      ...route,
      answers: {
        ...answers,
        '/imports': inTurn(oneImport, noImports),
        'DELETE /imports/:id': { status: 204 },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete this import' }));
    expect(screen.getByTestId('delete-import-confirm')).toHaveTextContent('The rides it stored stay');
    // Cancel asks nothing.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete this import' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByTestId('sync-none')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/imports/i-1']);
  });

  it('says why an import could not be deleted, in Spanish', async () => {
    const { user } = await renderScreen(<SyncScreen />, {
      ...route,
      language: 'es',
      answers: {
        ...answers,
        '/imports': oneImport,
        'DELETE /imports/:id': fail(409, 'IMPORT_RUNNING', 'still running'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Eliminar esta importación' }));
    await user.click(screen.getByRole('button', { name: 'Sí, eliminarla' }));
    expect(await screen.findByText(/No se ha podido eliminar la importación/)).toBeInTheDocument();
  });

  it('says plainly that Strava is not configured on this server, with no Connect link', async () => {
    await renderScreen(<SyncScreen />, {
      ...route,
      answers: {
        ...answers,
        '/imports': oneImport,
        '/strava/connection': { ...stravaNotConnected, configured: false },
      },
    });
    expect(await screen.findByTestId('strava-not-configured')).toHaveTextContent(
      'Strava is not configured on this server.',
    );
    expect(screen.queryByRole('link', { name: 'Connect with Strava' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to upload' })).toBeInTheDocument();
  });
});
