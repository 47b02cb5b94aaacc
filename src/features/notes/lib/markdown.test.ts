import { markdownFileName, notesToMarkdown } from './markdown';

describe('notesToMarkdown', () => {
  const video = { id: '_6J55Ozorvh', title: 'Créer son entreprise en 2026' };

  it('writes a heading per note, its time linked to the video at that time, then its text', () => {
    const markdown = notesToMarkdown(video, [
      { id: 1, time: 37, description: 'Les 7 étapes', showShareOptions: false },
      { id: 2, time: 3725, description: 'Ligne 1\nLigne 2', showShareOptions: true },
    ]);
    expect(markdown).toBe(
      [
        '# Créer son entreprise en 2026',
        '',
        'https://www.youtube.com/watch?v=_6J55Ozorvh',
        '',
        '## [00:37](https://www.youtube.com/watch?v=_6J55Ozorvh&t=37s)',
        '',
        'Les 7 étapes',
        '',
        '## [1:02:05](https://www.youtube.com/watch?v=_6J55Ozorvh&t=3725s)',
        '',
        'Ligne 1\nLigne 2',
        '',
      ].join('\n'),
    );
  });

  it('names the file after the video', () => {
    expect(markdownFileName(video)).toBe('notes-_6J55Ozorvh.md');
  });
});
