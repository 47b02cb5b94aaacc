import { render, screen } from '@testing-library/react';
import { SendTimeline } from './SendTimeline';

const at = (minute: number) => `2030-01-15T08:${String(minute).padStart(2, '0')}:00.000Z`;
const NOT_ENOUGH = 'Pas encore assez de points pour tracer une courbe.';

describe('SendTimeline (issue 41: a chart of fewer than two points)', () => {
  it('says there are not enough points instead of drawing an empty frame', () => {
    const { container } = render(
      <SendTimeline timeline={{ sentPerMinute: [{ at: at(0), count: 12 }], opensPerHour: [{ at: at(0), count: 3 }], clicksPerHour: [] }} />,
    );
    expect(screen.getAllByText(NOT_ENOUGH)).toHaveLength(2);
    expect(container.querySelector('svg')).toBeNull();
  });

  it('draws the charts from two points on', () => {
    const { container } = render(
      <SendTimeline
        timeline={{
          sentPerMinute: [
            { at: at(0), count: 12 },
            { at: at(1), count: 8 },
          ],
          opensPerHour: [{ at: at(0), count: 3 }],
          clicksPerHour: [{ at: '2030-01-15T09:00:00.000Z', count: 1 }],
        }}
      />,
    );
    expect(screen.queryByText(NOT_ENOUGH)).not.toBeInTheDocument();
    expect(container.querySelectorAll('svg').length).toBeGreaterThanOrEqual(2);
  });

  it('says nothing happened yet when there is no point at all', () => {
    render(<SendTimeline timeline={{ sentPerMinute: [], opensPerHour: [], clicksPerHour: [] }} />);
    expect(screen.getByText('Rien à montrer pour le moment.')).toBeInTheDocument();
  });
});
