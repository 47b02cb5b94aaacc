import { readListVideos, readThemeVideos, UNEXPECTED_STRUCTURE } from './readAnswers';

const video = { id: 'v1', youtube_titre: 'T', youtube_name: 'N', created: '2026-01-01', img_lien: null };

describe('reading video answers (spec §7.5, §8)', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('reads json.res[0].videos, with the channels and the list', () => {
    const answer = { res: [{ videos: [video], chaines: [{ id: 'UC1', name: 'C' }], liste: { name: 'L', hashtags: ['#a'] } }] };
    expect(readListVideos(answer)).toEqual({
      videos: [video],
      chaines: [{ id: 'UC1', name: 'C' }],
      liste: { name: 'L', hashtags: ['#a'] },
      known: true,
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it('tells a list the server does not know (liste: null) from an answer that says nothing of it', () => {
    expect(readListVideos({ res: [{ videos: [], chaines: [], liste: null }] }).known).toBe(false);
    expect(readListVideos({ res: [{ videos: [] }] }).known).toBe(true);
    expect(readThemeVideos({ res: [{ videos: [], chaine: [], known: false }] }).known).toBe(false);
    expect(readThemeVideos({ res: [{ videos: [], chaine: [] }] }).known).toBe(true);
  });

  it('reads chaine answers as json.res[0].videos and chaine, or data.videos', () => {
    expect(readThemeVideos({ res: [{ videos: [video], chaine: [{ id: 'UC1', name: 'C' }] }] })).toEqual({
      videos: [video],
      chaines: [{ id: 'UC1', name: 'C' }],
      known: true,
    });
    expect(readThemeVideos({ videos: [video] })).toEqual({ videos: [video], chaines: [], known: true });
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    ['null', null],
    ['a string', 'oops'],
    ['no res', { result: [] }],
    ['an empty res', { res: [] }],
    ['videos that are not a list', { res: [{ videos: 'many' }] }],
    ['a video without a title', { res: [{ videos: [{ ...video, youtube_titre: undefined }] }] }],
    ['a video with a numeric image', { res: [{ videos: [{ ...video, img_lien: 3 }] }] }],
  ])("answers nothing and logs 'Unexpected response structure' for %s", (_what, answer) => {
    expect(readListVideos(answer)).toEqual({ videos: [], chaines: [], liste: null, known: true });
    expect(readThemeVideos(answer)).toEqual({ videos: [], chaines: [], known: true });
    expect(errors).toHaveBeenCalledWith(UNEXPECTED_STRUCTURE, answer);
  });
});
