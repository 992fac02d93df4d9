import { describe, expect, it, vi } from 'vitest';
import {
  EFFORT_1,
  EFFORT_2,
  oneSegment,
  segmentCompare,
  segmentDetail,
  segmentDetailNoPower,
} from '../../../test/answers/segments';
import { fail, inTurn, PENDING, renderScreen, screen, within } from '../../../test/render';
import { SegmentCard } from './SegmentCard';

// uPlot draws on a canvas, which jsdom lacks: the chart is a named box here (its drawing is e2e's).
vi.mock('./SegmentChart', () => ({
  SegmentChart: ({ testId }: { testId?: string }) => <div data-testid={testId ?? 'segment-chart'} />,
}));

const SEGMENT = oneSegment.segments[0]!.id;
const ready = {
  '/analytics/segments': oneSegment,
  [`/analytics/segments/${SEGMENT}`]: segmentDetail,
  [`/analytics/segments/${SEGMENT}/compare`]: segmentCompare,
};
const card = () => screen.getByTestId('segment-card');

describe('SegmentCard', () => {
  it('shows the selected segment as loading while its detail is on its way', async () => {
    await renderScreen(<SegmentCard source="own" />, {
      answers: { ...ready, [`/analytics/segments/${SEGMENT}`]: PENDING },
    });
    expect(await screen.findByTestId('segment-select')).toHaveDisplayValue(/Alto del Test/);
    expect(within(card()).getByRole('status', { name: 'Loading segments' })).toBeInTheDocument();
  });

  it('shows the performance view: the best time, attempts and whether the latest is a PB', async () => {
    await renderScreen(<SegmentCard source="own" />, { answers: ready });
    expect(await screen.findByTestId('segment-pb')).toHaveTextContent('8:00');
    expect(screen.getByTestId('segment-attempts')).toHaveTextContent('2');
    expect(screen.getByTestId('segment-pb-flag')).toHaveTextContent('PB!');
  });

  it('shows the detail error with a Retry that asks again and then shows the segment', async () => {
    const { user, requests } = await renderScreen(<SegmentCard source="own" />, {
      answers: { ...ready, [`/analytics/segments/${SEGMENT}`]: inTurn(fail(500), segmentDetail) },
    });
    await screen.findByTestId('segment-card');
    expect(await within(card()).findByRole('alert')).toHaveTextContent('The segments could not be loaded.');
    await user.click(within(card()).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('segment-pb')).toHaveTextContent('8:00');
    expect(requests.filter((r) => r.path === `/analytics/segments/${SEGMENT}`)).toHaveLength(2);
  });

  it('shows the pacing view: strategy, advice and the model’s weight', async () => {
    const { user } = await renderScreen(<SegmentCard source="own" />, { answers: ready });
    await screen.findByTestId('segment-pb');
    await user.click(screen.getByRole('button', { name: 'Pacing' }));
    expect(await screen.findByTestId('pacing-strategy')).toHaveTextContent('Fast start');
    expect(screen.getByTestId('pacing-advice')).toHaveTextContent('You started too fast');
    expect(screen.getByTestId('pacing-weight')).toHaveTextContent('62');
  });

  it('says pacing needs power when no effort has it', async () => {
    const { user } = await renderScreen(<SegmentCard source="own" />, {
      answers: { ...ready, [`/analytics/segments/${SEGMENT}`]: segmentDetailNoPower },
    });
    await screen.findByTestId('segment-pb');
    await user.click(screen.getByRole('button', { name: 'Pacing' }));
    expect(await within(card()).findByText(/pacing needs a power meter/)).toBeInTheDocument();
  });

  it('compares the best with the other effort: the table, the thirds and the signed differences', async () => {
    const { user, requests } = await renderScreen(<SegmentCard source="own" />, { answers: ready });
    await screen.findByTestId('segment-pb');
    await user.click(screen.getByRole('button', { name: 'Comparison' }));
    const table = await screen.findByTestId('compare-table');
    // A is the best (8:00), B the first (8:30): B took 30 s more.
    expect(table).toHaveTextContent('8:00');
    expect(table).toHaveTextContent('8:30');
    expect(table).toHaveTextContent('+30.0 s');
    expect(await screen.findAllByTestId('compare-section')).toHaveLength(3);
    expect(screen.getByTestId('compare-power-chart')).toBeInTheDocument();
    expect(screen.getAllByTestId('compare-section')[0]).toHaveTextContent('−18 W');
    const asked = requests.find((r) => r.path.endsWith('/compare'));
    expect([asked?.query.get('a'), asked?.query.get('b')]).toEqual([EFFORT_2, EFFORT_1]);
  });

  it('shows the comparison error with a Retry; the whole-segment table stays', async () => {
    const { user } = await renderScreen(<SegmentCard source="own" />, {
      answers: { ...ready, [`/analytics/segments/${SEGMENT}/compare`]: inTurn(fail(500), segmentCompare) },
    });
    await screen.findByTestId('segment-pb');
    await user.click(screen.getByRole('button', { name: 'Comparison' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent('The segments could not be loaded.');
    expect(screen.getByTestId('compare-table')).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('compare-section')).toHaveLength(3);
  });

  it('speaks Spanish: the views and a decimal comma in the differences', async () => {
    const { user } = await renderScreen(<SegmentCard source="own" />, { answers: ready, language: 'es' });
    await screen.findByTestId('segment-pb');
    await user.click(screen.getByRole('button', { name: 'Comparación' }));
    expect(await screen.findByTestId('compare-table')).toHaveTextContent('+30,0 s');
  });
});
