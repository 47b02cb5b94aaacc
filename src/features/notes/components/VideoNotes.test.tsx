import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { VideoNotes } from './VideoNotes';

const video = { id: '_6J55Ozorvh', title: 'Créer son entreprise en 2026' };

function renderNotes({ second = 47, seekTo = jest.fn(() => true) } = {}) {
  let current = second;
  const utils = renderWithProviders(<VideoNotes video={video} currentSecond={() => current} seekTo={seekTo} />);
  return { ...utils, seekTo, setSecond: (s: number) => (current = s) };
}

const textarea = () => screen.getByRole('textbox', { name: 'Votre message' });
const write = async (text: string) => {
  if (text) await userEvent.type(textarea(), text);
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
};
/** jsdom's Blob has no text(). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const savedNotes = () => within(screen.getByRole('list', { name: 'Notes sauvegardées' })).queryAllByRole('listitem');

describe('VideoNotes', () => {
  it("refuses a blank message with 'Veuillez remplir ce champ.' and saves nothing", async () => {
    const { store } = renderNotes();
    await write('   ');
    expect(screen.getByText('Veuillez remplir ce champ.')).toBeInTheDocument();
    expect(store.getState().notes.byVideo).toEqual({});
    expect(screen.getByText('Aucune note pour cette vidéo.')).toBeInTheDocument();
    await userEvent.type(textarea(), 'x');
    expect(screen.queryByText('Veuillez remplir ce champ.')).not.toBeInTheDocument();
  });

  it('appends a note at the playback second minus 10 under “Notes sauvegardées”, and clears the textarea', async () => {
    const { store, setSecond } = renderNotes({ second: 47 });
    await write('Les 7 étapes');
    setSecond(5);
    await write('Au début');
    expect(textarea()).toHaveValue('');
    expect(savedNotes().map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^00:37Les 7 étapes/),
      expect.stringMatching(/^00:00Au début/),
    ]);
    expect(store.getState().notes.byVideo[video.id].map((n) => n.time)).toEqual([37, 0]);
  });

  it('seeks the player when a note’s time is clicked, and leaves the link to YouTube when there is no player', async () => {
    const seekTo = jest.fn(() => true);
    renderNotes({ second: 95, seekTo });
    await write('Le passage clé');
    const time = screen.getByRole('link', { name: 'Aller à 01:25' });
    expect(time).toHaveAttribute('href', 'https://www.youtube.com/watch?v=_6J55Ozorvh&t=85s');
    const navigated = !time.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(seekTo).toHaveBeenCalledWith(85);
    expect(navigated).toBe(true);

    seekTo.mockReturnValue(false);
    const followed = time.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(followed).toBe(true);
  });

  it('opens a note’s share links (X, Telegram) with its text and the video at its time', async () => {
    renderNotes({ second: 47 });
    await write('À voir absolument !');
    const [note] = savedNotes();
    const toggle = within(note).getByRole('button', { name: 'Partager' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(note).queryByRole('link', { name: 'Partager sur X' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const x = new URL(within(note).getByRole('link', { name: 'Partager sur X' }).getAttribute('href') ?? '');
    expect(x.origin + x.pathname).toBe('https://x.com/intent/tweet');
    expect(x.searchParams.get('text')).toBe('À voir absolument !');
    expect(x.searchParams.get('url')).toBe('https://youtu.be/_6J55Ozorvh?t=37');
    const telegram = within(note).getByRole('link', { name: 'Partager sur Telegram' });
    expect(telegram).toHaveAttribute('target', '_blank');
    expect(telegram.getAttribute('href')).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fyoutu.be%2F_6J55Ozorvh%3Ft%3D37&text=%C3%80%20voir%20absolument%20!',
    );
    await userEvent.click(toggle);
    expect(within(note).queryByRole('link', { name: 'Partager sur X' })).not.toBeInTheDocument();
  });

  it('shares the video from the global toggle, and shows the Telegram bot locked', async () => {
    renderNotes();
    await userEvent.click(screen.getByRole('button', { name: 'Partager la vidéo' }));
    const x = new URL(screen.getByRole('link', { name: 'Partager sur X' }).getAttribute('href') ?? '');
    expect(x.searchParams.get('text')).toBe(video.title);
    expect(x.searchParams.get('url')).toBe('https://youtu.be/_6J55Ozorvh');
    expect(screen.getByRole('button', { name: /Publier avec le bot Telegram/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Débloquer' }));
    expect(screen.getByRole('button', { name: /Publier avec le bot Telegram/ })).toBeDisabled();
  });

  it('exports the notes as a Markdown file', async () => {
    const files: Blob[] = [];
    const names: string[] = [];
    // jsdom has no object URLs nor downloads: catch what the browser would save.
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:notes';
    };
    const revoked: string[] = [];
    URL.revokeObjectURL = (url: string) => revoked.push(url);
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      renderNotes({ second: 47 });
      expect(screen.getByRole('button', { name: 'Exporter en Markdown' })).toBeDisabled();
      await write('Les 7 étapes');
      await userEvent.click(screen.getByRole('button', { name: 'Exporter en Markdown' }));
      expect(names).toEqual(['notes-_6J55Ozorvh.md']);
      expect(files[0].type).toBe('text/markdown;charset=utf-8');
      expect(await readText(files[0])).toContain('## [00:37](https://www.youtube.com/watch?v=_6J55Ozorvh&t=37s)\n\nLes 7 étapes');
      // The file's object URL is let go once the browser has it.
      await waitFor(() => expect(revoked).toEqual(['blob:notes']), { timeout: 3000 });
    } finally {
      click.mockRestore();
      delete (URL as { createObjectURL?: unknown }).createObjectURL;
      delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
    }
  });

  it('deletes a note', async () => {
    const { store } = renderNotes();
    await write('À effacer');
    await userEvent.click(within(savedNotes()[0]).getByRole('button', { name: 'Supprimer' }));
    expect(savedNotes()).toHaveLength(0);
    expect(store.getState().notes.byVideo).toEqual({});
  });
});
