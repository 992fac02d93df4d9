import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { api } from '../api/client';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor } from '../test/render';
import { Loadable, type LoadableProps } from './Loadable';

/** A tiny screen: one query of GET /api/things, its states through Loadable. */
function Things(props: Partial<LoadableProps<string[]>>) {
  const query = useQuery({ queryKey: ['things'], queryFn: () => api<string[]>('/things') });
  return (
    <Loadable
      query={query}
      error={{ message: 'The things could not be loaded.' }}
      isEmpty={(things) => things.length === 0}
      empty={<p>No things yet.</p>}
      {...props}
    >
      {(things) => (
        <ul>
          {things.map((thing) => (
            <li key={thing}>{thing}</li>
          ))}
        </ul>
      )}
    </Loadable>
  );
}

describe('Loadable', () => {
  it('says it is loading while the query has not answered', async () => {
    await renderScreen(<Things />, { answers: { '/things': PENDING } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows a screen’s own loading placeholder when given one', async () => {
    await renderScreen(<Things loading={<p>Counting things…</p>} />, { answers: { '/things': PENDING } });
    expect(await screen.findByText('Counting things…')).toBeInTheDocument();
  });

  it('shows the error with Retry, and Retry asks again and shows the data', async () => {
    const { user, requests } = await renderScreen(<Things />, {
      answers: { '/things': inTurn(fail(500), ['saddle', 'chain']) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The things could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('chain')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests.filter((r) => r.path === '/things')).toHaveLength(2);
  });

  it('words the error from the error itself when the message is a function', async () => {
    await renderScreen(
      <Things
        error={{
          message: (error) => `Failed: ${(error as Error).message}`,
          look: 'alert',
          retryLabel: 'Again',
        }}
      />,
      { answers: { '/things': fail(500, 'INTERNAL', 'boom') } },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: boom');
    expect(screen.getByRole('button', { name: 'Again' })).toBeInTheDocument();
  });

  it('draws every error look with its message and a working Retry', async () => {
    for (const look of ['banner', 'line', 'panel', 'alert', 'box', 'refresh'] as const) {
      const { user, requests, unmount } = await renderScreen(
        <Things error={{ message: `Look ${look}`, look }} />,
        { answers: { '/things': fail(500) } },
      );
      expect(await screen.findByText(`Look ${look}`, { exact: false })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(requests.filter((r) => r.path === '/things')).toHaveLength(2));
      unmount();
    }
  });

  it('shows the empty state when the answer holds nothing', async () => {
    await renderScreen(<Things />, { answers: { '/things': [] } });
    expect(await screen.findByText('No things yet.')).toBeInTheDocument();
  });

  it('shows the data', async () => {
    await renderScreen(<Things />, { answers: { '/things': ['saddle'] } });
    expect(await screen.findByRole('listitem')).toHaveTextContent('saddle');
  });

  it('says Reintentar in Spanish', async () => {
    await renderScreen(<Things />, { language: 'es', answers: { '/things': fail(500) } });
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('keeps the data on a failed refetch only when asked to', async () => {
    for (const keepDataOnError of [true, false]) {
      const { queryClient, unmount } = await renderScreen(<Things keepDataOnError={keepDataOnError} />, {
        answers: { '/things': inTurn(['saddle'], fail(500)) },
      });
      await screen.findByText('saddle');
      await queryClient.refetchQueries({ queryKey: ['things'] });
      await waitFor(() => expect(queryClient.getQueryState(['things'])?.status).toBe('error'));
      if (keepDataOnError) expect(screen.getByText('saddle')).toBeInTheDocument();
      else expect(await screen.findByRole('alert')).toBeInTheDocument();
      unmount();
    }
  });
});
