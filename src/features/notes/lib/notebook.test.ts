import { foldText, groupByVideo, notebookToJson, notebookToMarkdown, type NotebookNote } from './notebook';

const note = (key: string, video: string, at: number, text: string, title: string | null = `Titre ${video}`): NotebookNote => ({
  key,
  video,
  at,
  text,
  videoTitle: title,
  videoCreator: title ? 'Créatrice' : null,
  videoThumbnail: null,
});

describe('the notebook', () => {
  const notes = [note('3', 'bbbbbbbbbbb', 65, 'Récent'), note('2', 'aaaaaaaaaaa', 5, 'Deux\nlignes'), note('1', 'bbbbbbbbbbb', 3, 'Ancien')];

  it('groups notes by video, the video of the newest note first', () => {
    expect(groupByVideo(notes).map((group) => [group.video, group.notes.map((n) => n.key)])).toEqual([
      ['bbbbbbbbbbb', ['3', '1']],
      ['aaaaaaaaaaa', ['2']],
    ]);
  });

  it('writes Markdown with one heading a video and a linked time a note', () => {
    expect(notebookToMarkdown('Mes notes', groupByVideo(notes))).toBe(
      [
        '# Mes notes',
        '',
        '## Titre bbbbbbbbbbb — Créatrice',
        '',
        '- [01:05](https://www.youtube.com/watch?v=bbbbbbbbbbb&t=65s) Récent',
        '- [00:03](https://www.youtube.com/watch?v=bbbbbbbbbbb&t=3s) Ancien',
        '',
        '## Titre aaaaaaaaaaa — Créatrice',
        '',
        '- [00:05](https://www.youtube.com/watch?v=aaaaaaaaaaa&t=5s) Deux',
        '  lignes',
        '',
      ].join('\n'),
    );
    expect(notebookToMarkdown('Mes notes', groupByVideo([note('1', 'ccccccccccc', 0, 'x', null)]))).toContain('## ccccccccccc\n');
  });

  it('writes JSON with the time in seconds and as shown, and folds accents and case for the search', () => {
    const json = JSON.parse(notebookToJson(groupByVideo(notes)));
    expect(json.notes[0]).toEqual({
      video: 'bbbbbbbbbbb', title: 'Titre bbbbbbbbbbb', creator: 'Créatrice', at: 65, time: '01:05', text: 'Récent',
      link: 'https://www.youtube.com/watch?v=bbbbbbbbbbb&t=65s',
    });
    expect(foldText('Épisode ÇA')).toBe('episode ca');
  });
});
