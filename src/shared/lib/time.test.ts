import { formatPlaybackTime } from './time';

describe('formatPlaybackTime', () => {
  it.each([
    [0, '00:00'],
    [37, '00:37'],
    [37.9, '00:37'],
    [600, '10:00'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [7384, '2:03:04'],
    [-5, '00:00'],
  ])('shows %s seconds as %s', (seconds, shown) => expect(formatPlaybackTime(seconds)).toBe(shown));
});
