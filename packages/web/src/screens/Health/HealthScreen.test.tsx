import { describe, expect, it } from 'vitest';
import { databaseDown, healthy } from '../../test/answers/health';
import { fail, inTurn, PENDING, renderScreen, screen } from '../../test/render';
import { HealthScreen } from './HealthScreen';

const route = { route: '/dashboard/health' };

describe('HealthScreen', () => {
  it('shows a placeholder while the services are checked, and a dash for the healthy count', async () => {
    await renderScreen(<HealthScreen />, { ...route, answers: { '/health/services': PENDING } });
    expect(await screen.findByRole('status', { name: 'Checking the services…' })).toBeInTheDocument();
    expect(screen.getByTestId('health-summary-services')).toHaveTextContent('—');
  });

  it('shows the error, and Retry asks again and shows the services', async () => {
    const { user, requests } = await renderScreen(<HealthScreen />, {
      ...route,
      answers: { '/health/services': inTurn(fail(500), healthy) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent("The services' state could not be checked.");
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('health-services')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/health/services')).toHaveLength(2);
  });

  it('counts the healthy services of all, and the warnings and errors', async () => {
    await renderScreen(<HealthScreen />, { ...route, answers: { '/health/services': healthy } });
    await screen.findByTestId('health-services');
    const card = screen.getByTestId('health-summary-services');
    expect(card).toHaveTextContent('3 of 4');
    expect(card).toHaveTextContent('1 with a warning · 0 with an error');
  });

  it('counts a service in error when the database is unreachable', async () => {
    await renderScreen(<HealthScreen />, { ...route, answers: { '/health/services': databaseDown } });
    await screen.findByTestId('health-services');
    const card = screen.getByTestId('health-summary-services');
    expect(card).toHaveTextContent('2 of 4');
    expect(card).toHaveTextContent('1 with an error');
  });

  it('speaks Spanish: the counts and the Retry', async () => {
    const { user } = await renderScreen(<HealthScreen />, {
      ...route,
      language: 'es',
      answers: { '/health/services': inTurn(fail(500), healthy) },
    });
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    await screen.findByTestId('health-services');
    expect(screen.getByTestId('health-summary-services')).toHaveTextContent('3 de 4');
  });
});
