import fs from 'node:fs';
import { expect, test, type Page } from './support/test';
import { IFRAME_API_URL } from '../src/features/videos/player/youtubeIframeApi';
import { STAND_IN_EMBED_TEXT, seeks, serveYouTubePlayer, setPlaybackTime } from './support/youtubePlayer';

const NOTES_VIDEO = { id: 'pTLdavAs3Db', title: 'Créer son entreprise en 2026 : les 7 étapes' };
const RATED_VIDEO = { id: 'vvx363hCcf7', title: 'Trouver ses premiers clients sans budget' };
const OFFLINE_VIDEO = { id: '-uJyP7rnMXn', title: 'Pourquoi 80 % des entreprises échouent la première année' };

/** A click on a star, where a visitor clicks: its label (the radio under it is visually hidden). */
const clickStar = (page: Page, criterion: string, stars: string) =>
  page.getByRole('group', { name: criterion }).locator('label', { hasText: new RegExp(`^${stars}$`) }).click();

async function openVideo(page: Page, title: string) {
  await page.getByRole('list', { name: /vidéos?$/ }).getByRole('button', { name: title }).first().click();
  return page.getByRole('dialog', { name: title });
}

const directives = (csp: string) =>
  Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

test('the panel plays the video through the IFrame API, which the page’s CSP allows', async ({ page }) => {
  await serveYouTubePlayer(page);
  const response = await page.goto('/');
  const csp = directives(response?.headers()['content-security-policy'] ?? '');
  expect(csp['script-src']).toContain('https://www.youtube.com');
  expect(csp['frame-src']).toContain('https://www.youtube-nocookie.com');
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  const panel = await openVideo(page, NOTES_VIDEO.title);
  await expect(panel.getByText('Position : 00:00')).toBeVisible();
  // The privacy-enhanced host: no YouTube cookie before the visitor plays.
  const player = panel.locator(`iframe[src^="https://www.youtube-nocookie.com/embed/${NOTES_VIDEO.id}"]`);
  await expect(player).toHaveAttribute('width', '640');
  await expect(player).toHaveAttribute('height', '390');
  await expect(page.frameLocator(`iframe[src^="https://www.youtube-nocookie.com/embed/"]`).getByText(STAND_IN_EMBED_TEXT)).toBeVisible();
  await setPlaybackTime(page, 12);
  await expect(panel.getByText('Position : 00:12')).toBeVisible();
  expect(violations).toEqual([]);
});

test('rating without an e-mail asks for it first, refuses an invalid one, then stores the rating', async ({ page, request }) => {
  await serveYouTubePlayer(page);
  await page.goto('/');
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  const panel = await openVideo(page, RATED_VIDEO.title);
  const information = panel.getByRole('group', { name: 'Information' });
  await expect(information.getByText('Aucun avis')).toBeVisible();

  await clickStar(page, 'Information', '4 étoiles');
  const popin = page.getByRole('dialog', { name: 'Email' });
  await expect(popin).toBeVisible();
  await expect(popin.getByLabel('Email')).toHaveAttribute('required', '');
  await popin.getByRole('button', { name: 'Enregistrer' }).click();
  await expect.poll(() => alerts).toEqual(['Veuillez entrer une adresse email valide.']);
  await popin.getByLabel('Email').fill('noteur@exemple');
  await popin.getByRole('button', { name: 'Enregistrer' }).click();
  await expect.poll(() => alerts).toHaveLength(2);
  await expect(popin).toBeVisible();

  await popin.getByLabel('Email').fill('e2e.noteur@example.org');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/video/rating') && r.request().method() === 'POST');
  await popin.getByRole('button', { name: 'Enregistrer' }).click();
  expect((await sent).status()).toBe(201);
  await expect(popin).toBeHidden();
  await expect(information.getByText('Moyenne 4 / 5 · 1 avis')).toBeVisible();
  await expect(information.getByRole('radio', { name: '4 étoiles' })).toBeChecked();

  const stored = await request.get(`/api/video/rating?videourl=${encodeURIComponent(`https://www.youtube.com/watch?v=${RATED_VIDEO.id}`)}`);
  expect((await stored.json()).ratings).toContainEqual({ label: 'Information', average: 4, count: 1 });
  const visitor = await page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('persist:tgm') ?? '{}').visitor));
  expect(visitor.userEmail).toBe('e2e.noteur@example.org');

  // The e-mail is known now: the next rating goes at once.
  const next = page.waitForResponse((r) => r.url().endsWith('/api/video/rating') && r.request().method() === 'POST');
  await clickStar(page, 'Motivation', '2 étoiles');
  expect((await next).request().postDataJSON()).toEqual({
    label: 'Motivation',
    videourl: `https://www.youtube.com/watch?v=${RATED_VIDEO.id}`,
    rating: 2,
    email: 'e2e.noteur@example.org',
    recipientid: 1,
  });
  await expect(popin).toBeHidden();
});

test('notes at known times survive a reload, seek the player, share, and export as Markdown', async ({ page }) => {
  await serveYouTubePlayer(page);
  await page.goto('/');
  let panel = await openVideo(page, NOTES_VIDEO.title);
  const message = panel.getByRole('textbox', { name: 'Votre message' });

  await panel.getByRole('button', { name: 'Enregistrer la note' }).click();
  await expect(panel.getByText('Veuillez remplir ce champ.')).toBeVisible();

  await expect(panel.getByText('Position : 00:00')).toBeVisible();
  await setPlaybackTime(page, 47);
  await expect(panel.getByText('Position : 00:47')).toBeVisible();
  await message.fill('Les 7 étapes');
  await panel.getByRole('button', { name: 'Enregistrer la note' }).click();
  await expect(message).toHaveValue('');
  await setPlaybackTime(page, 130.5);
  await expect(panel.getByText('Position : 02:10')).toBeVisible();
  await message.fill('Financer son projet : 50 % & plus');
  await panel.getByRole('button', { name: 'Enregistrer la note' }).click();

  const notes = () => panel.getByRole('list', { name: 'Notes sauvegardées' }).getByRole('listitem');
  await expect(notes()).toHaveText([/^00:37Les 7 étapes/, /^02:00Financer son projet : 50 % & plus/]);

  // The panel's address (?v=) reopens it after a reload.
  await expect(page).toHaveURL(new RegExp(`\\?v=${NOTES_VIDEO.id}$`));
  await page.reload();
  panel = page.getByRole('dialog', { name: NOTES_VIDEO.title });
  await expect(notes()).toHaveText([/^00:37Les 7 étapes/, /^02:00Financer son projet : 50 % & plus/]);

  await expect(panel.getByText('Position : 00:00')).toBeVisible();
  await panel.getByRole('link', { name: 'Aller à 00:37' }).click();
  await expect(panel.getByText('Position : 00:37')).toBeVisible();
  expect(await seeks(page)).toEqual([37]);
  expect(page.context().pages()).toHaveLength(1);

  const second = notes().nth(1);
  await second.getByRole('button', { name: 'Partager' }).click();
  // Shares point to the product's page at the note's moment (SHARE_LINKS=product, the default).
  const moment = encodeURIComponent(`${new URL(page.url()).origin}/?v=${NOTES_VIDEO.id}&t=120`);
  await expect(second.getByRole('link', { name: 'Partager sur X' })).toHaveAttribute(
    'href',
    `https://x.com/intent/tweet?text=Financer%20son%20projet%20%3A%2050%20%25%20%26%20plus&url=${moment}`,
  );
  await expect(second.getByRole('link', { name: 'Partager sur Telegram' })).toHaveAttribute(
    'href',
    `https://t.me/share/url?url=${moment}&text=Financer%20son%20projet%20%3A%2050%20%25%20%26%20plus`,
  );
  await expect(notes().first().getByRole('link', { name: 'Partager sur X' })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Partager la vidéo' }).click();
  await expect(panel.getByRole('button', { name: /Publier avec le bot Telegram/ })).toBeDisabled();

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Exporter en Markdown' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`notes-${NOTES_VIDEO.id}.md`);
  const markdown = fs.readFileSync((await file.path()) ?? '', 'utf8');
  expect(markdown).toContain(`# ${NOTES_VIDEO.title}`);
  expect(markdown).toContain(`## [00:37](https://www.youtube.com/watch?v=${NOTES_VIDEO.id}&t=37s)\n\nLes 7 étapes`);
  expect(markdown).toContain(`## [02:00](https://www.youtube.com/watch?v=${NOTES_VIDEO.id}&t=120s)\n\nFinancer son projet`);
});

test('when the player script cannot load, the panel says so, shows the image and the link, and notes still work', async ({ page }) => {
  await page.route(IFRAME_API_URL, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const panel = await openVideo(page, OFFLINE_VIDEO.title);
  await expect(panel.getByText(/Le lecteur vidéo ne peut pas être chargé/)).toBeVisible();
  await expect(panel.locator('img[src="/demo/avatars/JulienEntreprend.svg"]')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Voir sur YouTube' })).toHaveAttribute(
    'href',
    `https://www.youtube.com/watch?v=${OFFLINE_VIDEO.id}`,
  );
  await panel.getByRole('textbox', { name: 'Votre message' }).fill('Noté hors ligne');
  await panel.getByRole('button', { name: 'Enregistrer la note' }).click();
  const time = panel.getByRole('link', { name: 'Aller à 00:00' });
  await expect(time).toHaveAttribute('href', `https://www.youtube.com/watch?v=${OFFLINE_VIDEO.id}&t=0s`);
  await expect(time).toHaveAttribute('target', '_blank');
  await expect(panel.getByRole('group', { name: 'Objectivité' })).toBeVisible();
});
