import { positionToSave, resumeSecond } from './historySaving';
import { wordsOf } from './FeedFiltersSettings';

describe('the history saving rules (issue 42)', () => {
  it('saves nothing before the length is known, at the very start, or when the position moved less than a second', () => {
    expect(positionToSave(null, null)).toBeNull();
    expect(positionToSave({ position: 30, duration: 0 }, null)).toBeNull();
    expect(positionToSave({ position: 0, duration: 600 }, null)).toBeNull();
    expect(positionToSave({ position: 30, duration: 600 }, 29.5)).toBeNull();
    expect(positionToSave({ position: 30, duration: 600 }, 20)).toEqual({ position: 30, duration: 600 });
    expect(positionToSave({ position: 120, duration: 600 }, null)).toEqual({ position: 120, duration: 600 });
  });

  it('never saves a position past the duration', () => {
    expect(positionToSave({ position: 605, duration: 600 }, null)).toEqual({ position: 600, duration: 600 });
  });

  it('offers to resume from 5 s in, never for a video watched to its end', () => {
    expect(resumeSecond(undefined)).toBeNull();
    expect(resumeSecond({ position: 4, finished: false })).toBeNull();
    expect(resumeSecond({ position: 120.7, finished: false })).toBe(120);
    expect(resumeSecond({ position: 590, finished: true })).toBeNull();
  });
});

describe('the hidden words field', () => {
  it('reads one word or phrase a line, blank lines dropped', () => {
    expect(wordsOf(' épisode \n\n  direct du soir\n')).toEqual(['épisode', 'direct du soir']);
  });
});
