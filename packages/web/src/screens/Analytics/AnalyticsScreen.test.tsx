import { describe, expect, it } from 'vitest';
import { noSegments, performance, trainingLoadNeedsPower } from '../../test/answers/analytics';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor, within } from '../../test/render';
import { AnalyticsScreen } from './AnalyticsScreen';

const route = { route: '/analytics' };
const ready = {
  '/analytics/performance': performance,
  '/analytics/training-load': trainingLoadNeedsPower,
  '/analytics/segments': noSegments,
};
const count = (requests: { path: string }[], path: string) => requests.filter((r) => r.path === path).length;

describe('AnalyticsScreen', () => {
  it('shows a loading placeholder for the panel, the load card and the segments while they load', async () => {
    await renderScreen(<AnalyticsScreen />, {
      ...route,
      answers: {
        '/analytics/performance': PENDING,
        '/analytics/training-load': PENDING,
        '/analytics/segments': PENDING,
      },
    });
    expect(await screen.findByRole('status', { name: 'Loading the panel…' })).toBeInTheDocument();
    expect(within(screen.getByTestId('training-load-card')).getByRole('status')).toBeInTheDocument();
    expect(within(screen.getByTestId('segment-card')).getByRole('status')).toBeInTheDocument();
  });

  it('shows the panel error, and Retry asks again and shows the five tabs', async () => {
    const { user, requests } = await renderScreen(<AnalyticsScreen />, {
      ...route,
      answers: { ...ready, '/analytics/performance': inTurn(fail(500), performance) },
    });
    const alert = await screen.findByText('The panel could not be loaded.');
    await user.click(within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Climbing' })).toBeInTheDocument();
    expect(count(requests, '/analytics/performance')).toBe(2);
  });

  it('shows the training-load error, and its Try again asks again', async () => {
    const { user, requests } = await renderScreen(<AnalyticsScreen />, {
      ...route,
      answers: { ...ready, '/analytics/training-load': inTurn(fail(500), trainingLoadNeedsPower) },
    });
    const card = await screen.findByTestId('training-load-card');
    expect(await within(card).findByRole('alert')).toHaveTextContent('The analysis could not be loaded.');
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByTestId('load-needs-power')).toBeInTheDocument();
    expect(count(requests, '/analytics/training-load')).toBe(2);
  });

  it('shows the segments error, and Retry asks again and shows that there are none', async () => {
    const { user } = await renderScreen(<AnalyticsScreen />, {
      ...route,
      answers: { ...ready, '/analytics/segments': inTurn(fail(500), noSegments) },
    });
    const card = await screen.findByTestId('segment-card');
    expect(await within(card).findByRole('alert')).toHaveTextContent('The segments could not be loaded.');
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByTestId('segments-empty')).toHaveTextContent('No segment data available');
  });

  it('says what a metric needs instead of a number, and that load needs rides with power', async () => {
    const { user } = await renderScreen(<AnalyticsScreen />, { ...route, answers: ready });
    await user.click(await screen.findByRole('tab', { name: 'Efficiency' }));
    const card = await screen.findByTestId('metric-pedal_smoothness');
    expect(within(card).getByTestId('metric-needs')).toHaveTextContent(
      'Needs pedals or a power meter with pedalling dynamics',
    );
    expect(within(card).queryByTestId('metric-value')).toBeNull();
    expect(await screen.findByTestId('load-needs-power')).toBeInTheDocument();
  });

  it('shows the rider’s figures on the power tab and asks for 8 weeks when picked', async () => {
    const { user, requests } = await renderScreen(<AnalyticsScreen />, { ...route, answers: ready });
    const ftp = await screen.findByTestId('metric-ftp');
    expect(within(ftp).getByTestId('metric-value')).toHaveTextContent('250');
    await user.click(screen.getByTestId('weeks-8'));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.path === '/analytics/performance').map((r) => r.query.get('weeks')),
      ).toEqual(['4', '8']),
    );
  });

  it('speaks Spanish: tabs, needs and the intensity factor with a decimal comma', async () => {
    const { user } = await renderScreen(<AnalyticsScreen />, { ...route, language: 'es', answers: ready });
    const intensity = await screen.findByTestId('metric-intensity_factor');
    expect(within(intensity).getByTestId('metric-value')).toHaveTextContent('0,84');
    await user.click(screen.getByRole('tab', { name: 'Eficiencia' }));
    expect(
      await screen.findAllByText('Necesita pedales o potenciómetro con dinámica de pedaleo'),
    ).not.toHaveLength(0);
    expect(await screen.findByText('No hay datos de segmentos disponibles')).toBeInTheDocument();
  });
  it('writes the form insight’s TSB with its sign and a true minus, as the load card does', async () => {
    const withForm = {
      ...performance,
      summary: {
        ...performance.summary,
        insights: [{ key: 'form', params: { state: 'neutral', tsb: -4.9 } }],
      },
    };
    await renderScreen(<AnalyticsScreen />, {
      ...route,
      language: 'es',
      answers: { ...ready, '/analytics/performance': withForm },
    });
    expect(await screen.findByTestId('insights')).toHaveTextContent('Tu forma hoy: neutral (TSB −4,9).');
  });

  it('shows a visitor the example rider, without their token, labelled as not their numbers', async () => {
    const { requests } = await renderScreen(<AnalyticsScreen />, {
      ...route,
      signedIn: false,
      answers: {
        '/public/analytics/performance': performance,
        '/public/analytics/training-load': trainingLoadNeedsPower,
        '/public/analytics/segments': noSegments,
      },
    });
    expect(await screen.findByTestId('example-banner')).toHaveTextContent(
      'Example rider — these are not your numbers',
    );
    expect(await screen.findByTestId('metric-ftp')).toBeInTheDocument();
    const calls = requests.filter((r) => r.path.startsWith('/public/analytics/'));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((r) => r.authorization === null)).toBe(true);
    expect(requests.some((r) => r.path.startsWith('/analytics/'))).toBe(false);
  });

  it('tells a visitor the example rider is being prepared, with how many rides are ready', async () => {
    const preparing = {
      status: 503,
      body: { error: { code: 'EXAMPLE_PREPARING', message: 'Preparing', progress: { done: 12, total: 40 } } },
    };
    await renderScreen(<AnalyticsScreen />, {
      ...route,
      signedIn: false,
      answers: {
        '/public/analytics/performance': preparing,
        '/public/analytics/training-load': preparing,
        '/public/analytics/segments': preparing,
      },
    });
    expect(await screen.findByTestId('example-preparing')).toHaveTextContent('12 of 40 rides ready');
  });
});
