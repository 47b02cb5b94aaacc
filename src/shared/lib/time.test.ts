import { formatPlaybackTime, parsePlaybackTime } from './time';

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

describe('parsePlaybackTime', () => {
  it('reads mm:ss, h:mm:ss and seconds, and refuses anything else', () => {
    expect(['2:05', '02:05', '1:02:03', '90', ' 0:00 '].map(parsePlaybackTime)).toEqual([125, 125, 3723, 90, 0]);
    expect(['1:75', '1:60:00', 'abc', '', '-5', '1:2'].map(parsePlaybackTime)).toEqual([null, null, null, null, null, null]);
  });
});
