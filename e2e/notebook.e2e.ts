import fs from 'node:fs';
import { expect, test, type Page } from './support/test';
import { seriousAxeFindings } from './support/axe';
import { recipientOf, waitForMail } from './support/mailbox';
import { serveYouTubePlayer, setPlaybackTime } from './support/youtubePlayer';
import { signUpFromPopin } from './support/signUpFromPopin';

// A demo video: the server stores it from the start (a note's video must be one it knows).
const VIDEO = { id: 'pTLdavAs3Db', title: 'Créer son entreprise en 2026 : les 7 étapes' };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const panelOf = (page: Page) => page.getByRole('dialog', { name: VIDEO.title });
const savedNotes = (page: Page) => panelOf(page).getByRole('list', { name: 'Notes sauvegardées' }).getByRole('listitem');

async function writeNote(page: Page, text: string, time?: string) {
  const panel = panelOf(page);
  await panel.getByRole('textbox', { name: 'Votre message' }).fill(text);
  if (time) await panel.getByRole('textbox', { name: 'Moment (mm:ss)' }).fill(time);
  await panel.getByRole('button', { name: 'Enregistrer la note' }).click();
  await expect(savedNotes(page).filter({ hasText: text })).toHaveCount(1);
}

/** 'Se connecter', 'Retrouver mon espace', the address; then the mailed sign-in link, opened here and confirmed. */
async function signInWithLink(page: Page, email: string) {
  await page.goto('/');
  await page.locator('header').getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('dialog', { name: 'Se connecter' }).getByRole('button', { name: 'Retrouver mon espace' }).click();
  const popin = page.getByRole('dialog', { name: 'Retrouver mon espace' });
  await popin.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.keyboard.press('Enter');
  const [mail] = await waitForMail((m) => recipientOf(m) === email && /^Votre lien de connexion à /.test(m.subject ?? ''), 1, 30_000);
  expect(mail, `no sign-in link mailed to ${email}`).toBeDefined();
  const link = new URL(/https?:\/\/\S+\/confirmation\/[A-Za-z0-9_-]+/.exec(String(mail.text))![0]);
  await page.goto(link.pathname);
  await page.getByRole('button', { name: 'Je confirme' }).click();
  await expect(page.locator('header').getByTestId('visitor-email')).toHaveText(email);
}

test('notes follow the visitor from a computer to a phone: merged, edited, searched with or without accents, exported', async ({ page, browser }) => {
  const email = `carnet.${Date.now().toString(36)}@example.org`;

  // The computer: a space from the signup popin, two notes (one at the player's time, one typed).
  await page.setViewportSize(DESKTOP);
  await serveYouTubePlayer(page);
  await signUpFromPopin(page, email);
  await expect(page.locator('header').getByTestId('visitor-email')).toHaveText(email);
  await page.goto(`/?v=${VIDEO.id}`);
  await expect(panelOf(page).getByText('Position : 00:00')).toBeVisible();
  await setPlaybackTime(page, 75);
  await expect(panelOf(page).getByText('Position : 01:15')).toBeVisible();
  await writeNote(page, 'Épisode de la pâte brisée');
  await writeNote(page, 'Cuisson à blanc', '2:30');

  // The phone: a note written before it holds the space stays in the browser, then the sign-in
  // link brings the space, and the phone's note joins it.
  const phoneContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const phone = await phoneContext.newPage();
  await phone.setViewportSize(PHONE);
  await serveYouTubePlayer(phone);
  await phone.goto(`/?v=${VIDEO.id}`);
  await writeNote(phone, 'Notée dans le métro', '0:40');
  await signInWithLink(phone, email);
  await phone.goto('/notes');
  await expect(phone.getByRole('heading', { name: 'Mon carnet de notes', level: 1 })).toBeVisible();
  const group = phone.getByRole('region', { name: VIDEO.title });
  // Newest first: the phone's note joined the space last.
  await expect(group.getByRole('listitem')).toHaveText([/^00:40\s*Notée dans le métro/, /^02:30\s*Cuisson à blanc/, /^01:05\s*Épisode de la pâte brisée/]);
  await expectNoSidewaysScroll(phone);
  expect(await seriousAxeFindings(phone)).toEqual([]);

  // Edited in place on the phone's video panel, opened from the notebook at the note's time.
  await group.getByRole('link', { name: `Ouvrir ${VIDEO.title} à 01:05` }).click();
  await expect(phone).toHaveURL(new RegExp(`[?&]v=${VIDEO.id}&t=65`));
  await panelOf(phone).getByRole('button', { name: 'Modifier la note de 01:05' }).click();
  const editing = savedNotes(phone).filter({ has: phone.getByRole('button', { name: 'Annuler' }) });
  await editing.getByRole('textbox', { name: 'Votre message' }).fill('Épisode revu : la pâte sablée');
  await editing.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(savedNotes(phone).filter({ hasText: 'Épisode revu : la pâte sablée' })).toHaveCount(1);
  await expectNoSidewaysScroll(phone);
  await phoneContext.close();

  // Back on the computer: the notebook finds the edited note with and without accents, by keyboard.
  await page.goto('/notes');
  const search = page.getByRole('searchbox', { name: 'Rechercher dans mes notes' });
  await search.focus();
  await page.keyboard.type('episode REVU');
  const notebook = page.getByRole('region', { name: VIDEO.title });
  await expect(notebook.getByRole('listitem')).toHaveText([/^01:05\s*Épisode revu : la pâte sablée/]);
  await search.fill('Épisode');
  await expect(notebook.getByRole('listitem')).toHaveText([/^01:05\s*Épisode revu : la pâte sablée/]);
  await search.fill('métro');
  await expect(notebook.getByRole('listitem')).toHaveText([/Notée dans le métro/]);
  await search.fill('introuvable');
  await expect(page.getByRole('status').filter({ hasText: 'Aucune note ne contient « introuvable ».' })).toBeVisible();
  await search.fill('');
  await expect(notebook.getByRole('listitem')).toHaveCount(3);

  // Exported as Markdown with the keyboard: one heading for the video, a linked time a note.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en Markdown' }).focus();
  await page.keyboard.press('Enter');
  const markdown = fs.readFileSync((await (await download).path()) ?? '', 'utf8');
  expect(markdown).toContain(`## ${VIDEO.title}`);
  expect(markdown.match(/^## /gm)).toHaveLength(1);
  expect(markdown).toContain(`- [01:05](https://www.youtube.com/watch?v=${VIDEO.id}&t=65s) Épisode revu : la pâte sablée`);
  expect(markdown).toContain(`- [02:30](https://www.youtube.com/watch?v=${VIDEO.id}&t=150s) Cuisson à blanc`);
  expect(markdown).toContain(`- [00:40](https://www.youtube.com/watch?v=${VIDEO.id}&t=40s) Notée dans le métro`);
  expect(await seriousAxeFindings(page)).toEqual([]);
});
