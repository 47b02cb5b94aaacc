import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { DEMO_ADMIN } from './support/demoUsers';
import { signInElsewhere } from './support/signInElsewhere';
import { renderFeed } from '../server/testing/youtubeStandIn';
import type { FeedVideo } from '../server/modules/feeds/types';

const VIEWPORTS = [
  { name: 'ordinateur', size: { width: 1280, height: 800 } },
  { name: 'téléphone', size: { width: 390, height: 844 } },
];

interface Channel {
  id: string;
  name: string;
  videos: FeedVideo[];
}

/** Three creators of this run only, served by the YouTube stand-in of the run's server. */
function channelsOf(suffix: string): Channel[] {
  return ['A', 'B', 'C'].map((letter) => ({
    id: `UC${`${letter}${suffix}`.padEnd(22, 'x').slice(0, 22)}`,
    name: `Créateur ${letter} ${suffix}`,
    videos: [],
  }));
}

let serial = 0;
async function publish(request: APIRequestContext, channel: Channel, title: string): Promise<string> {
  serial += 1;
  const videoId = `${channel.id.slice(2, 5)}${Date.now().toString(36).slice(-5)}${serial}`.padEnd(11, 'v').slice(0, 11);
  channel.videos.unshift({ videoId, title, published: new Date(Date.now() - 60_000).toISOString(), thumbnail: null, views: 10 });
  const response = await request.put(`${process.env.E2E_YOUTUBE_URL}/__stand-in/feeds/${channel.id}`, {
    data: renderFeed({ channelId: channel.id, name: channel.name, videos: channel.videos }),
    headers: { 'content-type': 'text/xml' },
  });
  expect(response.status()).toBe(204);
  return videoId;
}

/** The feeds are read now, as the server's schedule would every FEED_REFRESH_MINUTES. */
async function refreshFeeds(request: APIRequestContext) {
  const login = await request.post('/api/login_check', { data: DEMO_ADMIN });
  const { token } = (await login.json()) as { token: string };
  const refreshed = await request.post('/api/feeds/refresh', { headers: { authorization: `Bearer ${token}` } });
  expect(refreshed.status()).toBe(200);
}

async function signUpWithList(page: Page, email: string, listName: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Démarrer gratuitement' }).click();
  const popin = page.getByRole('dialog', { name: "S'inscrire" });
  await popin.getByLabel('Email').fill(email);
  await popin.getByRole('button', { name: "Je m'inscris pour démarrer" }).click();
  await expect(popin).toBeHidden();
  await page.locator('header').getByRole('link', { name: 'Mon espace' }).click();
  await page.getByLabel('Nom de votre liste').fill(listName);
  await page.getByRole('button', { name: 'Créer ma liste' }).click();
  await expect(page.getByRole('heading', { name: `Ma liste : ${listName}` })).toBeVisible();
}

/** A card of the grid, by its video's title. */
const card = (page: Page, title: string | RegExp) => page.getByRole('list', { name: /vidéos?$/ }).getByRole('listitem').filter({ hasText: title });

const unseenChip = (page: Page, channel: Channel) => page.getByTestId(`unseen-${channel.id}`);

for (const { name, size } of VIEWPORTS) {
  test(`a visitor comes back on a ${name}: new videos per creator, groups, later and hidden, on another device, exported and imported back`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const suffix = `${name === 'téléphone' ? 't' : 'o'}${Date.now().toString(36)}`;
    const channels = channelsOf(suffix);
    for (const channel of channels) await publish(request, channel, `Ancienne vidéo de ${channel.name}`);
    const email = `revient.${suffix}@example.org`;
    const listName = `revient-${suffix}`;
    await signUpWithList(page, email, listName);

    // Follow three creators: nothing is new yet.
    const followField = page.getByLabel('Adresse, @identifiant ou identifiant de la chaîne');
    const followed = page.getByRole('region', { name: 'Chaînes suivies' });
    for (const channel of channels) {
      await followField.fill(channel.id);
      await page.getByRole('button', { name: 'Suivre', exact: true }).click();
      await expect(followed.getByRole('link', { name: channel.name })).toBeVisible();
    }
    for (const channel of channels) await expect(unseenChip(page, channel)).toHaveText('0 nouvelle');

    // The feeds bring new videos: the counts move.
    const [a, b] = channels;
    await publish(request, a, `Nouveauté 1 de ${a.name}`);
    await publish(request, a, `Nouveauté 2 de ${a.name}`);
    await publish(request, b, `Nouveauté de ${b.name}`);
    await refreshFeeds(request);
    await page.reload();
    await expect(unseenChip(page, a)).toHaveText('2 nouvelles');
    await expect(unseenChip(page, b)).toHaveText('1 nouvelle');
    await expect(unseenChip(page, channels[2])).toHaveText('0 nouvelle');
    await page.getByRole('button', { name: 'Nouveautés (3)' }).click();
    await expect(card(page, `Nouveauté 2 de ${a.name}`)).toBeVisible();
    await expect(card(page, /Ancienne vidéo/)).toHaveCount(0);

    // Opening a creator shows their videos and brings their count to 0.
    await followed.getByRole('button', { name: `Ouvrir ${a.name}` }).click();
    await expect(unseenChip(page, a)).toHaveText('0 nouvelle');
    await expect(page.getByRole('button', { name: 'Nouveautés (1)' })).toBeVisible();
    await page.getByRole('button', { name: 'Toutes' }).click();
    await page.getByRole('button', { name: 'Tous les créateurs' }).click();

    // A group of two creators; the grid filters by it.
    await page.getByLabel('Nom du groupe').fill('Matin');
    const groups = page.getByRole('region', { name: 'Mes groupes' });
    await groups.getByRole('checkbox', { name: a.name }).check();
    await groups.getByRole('checkbox', { name: channels[2].name }).check();
    await groups.getByRole('button', { name: 'Enregistrer le groupe' }).click();
    await expect(groups.getByRole('status')).toContainText('Groupe « Matin » enregistré.');
    await page.getByRole('group', { name: 'Filtrer par groupe' }).getByRole('button', { name: 'Matin' }).click();
    await expect(card(page, `Nouveauté 1 de ${a.name}`)).toBeVisible();
    await expect(card(page, `Ancienne vidéo de ${channels[2].name}`)).toBeVisible();
    await expect(card(page, `Nouveauté de ${b.name}`)).toHaveCount(0);
    await page.getByRole('group', { name: 'Filtrer par groupe' }).getByRole('button', { name: 'Tous les groupes' }).click();

    // Save one for later, hide another.
    await card(page, `Nouveauté 1 de ${a.name}`).getByRole('button', { name: 'Plus tard', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Plus tard (1)' })).toBeVisible();
    await card(page, `Nouveauté de ${b.name}`).getByRole('button', { name: 'Masquer', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Masquées (1)' })).toBeVisible();
    await expect(card(page, `Nouveauté de ${b.name}`)).toHaveCount(0);

    // Another device: a fresh browser, nothing stored. The visitor asks for a sign-in link by
    // e-mail, opens it there, and finds their list, groups, counts and saved video.
    // Meanwhile the third creator publishes: new there, and on no device seen yet.
    await publish(request, channels[2], `Nouveauté de ${channels[2].name}`);
    await refreshFeeds(request);
    const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const second = await other.newPage();
    await second.setViewportSize(size);
    await signInElsewhere(second, email);
    await second.locator('header').getByRole('link', { name: 'Mon espace' }).click();
    await expect(second.getByRole('heading', { name: `Ma liste : ${listName}` })).toBeVisible();
    // The first creator was opened on the first device, the second's new video hidden there.
    await expect(unseenChip(second, a)).toHaveText('0 nouvelle');
    await expect(unseenChip(second, b)).toHaveText('0 nouvelle');
    await expect(unseenChip(second, channels[2])).toHaveText('1 nouvelle');
    await expect(second.getByRole('button', { name: 'Nouveautés (1)' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Masquées (1)' })).toBeVisible();
    await second.getByRole('group', { name: 'Filtrer par groupe' }).getByRole('button', { name: 'Matin' }).click();
    await expect(card(second, `Ancienne vidéo de ${channels[2].name}`)).toBeVisible();
    await expect(card(second, `Nouveauté de ${b.name}`)).toHaveCount(0);
    await second.getByRole('group', { name: 'Filtrer par groupe' }).getByRole('button', { name: 'Tous les groupes' }).click();
    await second.getByRole('button', { name: 'Plus tard (1)' }).click();
    await expect(card(second, `Nouveauté 1 de ${a.name}`)).toBeVisible();
    await other.close();

    // Export, and a new visitor imports it back whole: groups, later and hidden.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en OPML' }).click();
    const file = await download;
    const opml = fs.readFileSync((await file.path()) ?? '', 'utf8');
    const fresh = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const third = await fresh.newPage();
    await third.setViewportSize(size);
    await signUpWithList(third, `importe.${suffix}@example.org`, `importe-${suffix}`);
    await third.locator('input[type="file"]').setInputFiles({ name: 'abonnements.opml', mimeType: 'text/x-opml', buffer: Buffer.from(opml) });
    const report = third.getByRole('status', { name: 'Importer vos abonnements' });
    await expect(report).toContainText('3 chaîne(s) suivie(s)');
    await expect(report).toContainText('1 groupe(s), 1 vidéo(s) pour plus tard, 1 vidéo(s) masquée(s).');
    await expect(third.getByRole('group', { name: 'Filtrer par groupe' }).getByRole('button', { name: 'Matin' })).toBeVisible();
    await expect(third.getByRole('button', { name: 'Plus tard (1)' })).toBeVisible();
    await expect(third.getByRole('button', { name: 'Masquées (1)' })).toBeVisible();
    await fresh.close();
  });
}

test('the e-mail popin a rating opens puts the focus in its field', async ({ page }) => {
  await page.goto('/');
  const grid = page.getByRole('list', { name: /vidéos?$/ });
  await grid.getByRole('button').first().click();
  const panel = page.getByRole('dialog').first();
  await panel.getByRole('group', { name: 'Objectivité' }).locator('label', { hasText: /^4 étoiles$/ }).click();
  const popin = page.getByRole('dialog', { name: 'Email' });
  await expect(popin).toBeVisible();
  await expect(popin.getByRole('textbox', { name: 'Email' })).toBeFocused();
});
