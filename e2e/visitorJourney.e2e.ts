import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_CHANNEL } from './support/youtube';
import { seeks, serveYouTubePlayer, setPlaybackTime } from './support/youtubePlayer';

const SUBSCRIPTIONS = path.join(__dirname, 'fixtures', 'freetube-subscriptions.opml');
const VIDEO = { id: 'cuisine0001', title: 'Une tarte aux pommes en 20 minutes' };

const VIEWPORTS = [
  { name: 'ordinateur', size: { width: 1280, height: 800 } },
  { name: 'téléphone', size: { width: 390, height: 844 } },
];

/** Nothing scrolls sideways (the phone's width). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is. */
async function seriousA11yIssues(page: Page): Promise<string[]> {
  // Evaluated rather than added as a <script>: the page's CSP rightly refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const ratingPosts = (page: Page, into: unknown[]) =>
  page.on('request', (request) => {
    if (request.url().endsWith('/api/video/rating') && request.method() === 'POST') into.push(request.postDataJSON());
  });

for (const { name, size } of VIEWPORTS) {
  test(`a visitor's whole journey on a ${name}: signup, space, list, import, follow, watch, rate, note, share, come back`, async ({ page }) => {
    await page.setViewportSize(size);
    await serveYouTubePlayer(page);
    const suffix = `${name === 'téléphone' ? 'tel' : 'pc'}${Date.now().toString(36)}`;
    const email = `parcours.${suffix}@example.org`;
    const listName = `parcours-${suffix}`;

    // Signup: a French confirmation says what happened and where to go next.
    await page.goto('/');
    await page.getByRole('button', { name: 'Démarrer gratuitement' }).click();
    const popin = page.getByRole('dialog', { name: "S'inscrire" });
    await popin.getByLabel('Email').fill(email);
    await popin.getByRole('button', { name: "Je m'inscris pour démarrer" }).click();
    await expect(popin).toBeHidden();
    await expect(page.getByText(`Inscription enregistrée pour ${email}.`)).toBeVisible();
    const header = page.locator('header');
    await expect(header.getByText(email)).toBeVisible();
    await expect(header.getByRole('button', { name: 'Démarrer gratuitement' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // The space explains each step, and the list is created there.
    await header.getByRole('link', { name: 'Mon espace' }).click();
    await expect(page).toHaveURL(/\/userPage$/);
    const steps = page.getByRole('region', { name: 'Vos premiers pas' });
    await expect(steps.locator('[aria-current="step"]')).toHaveText(/^2\. Nommez votre liste/);
    await page.getByLabel('Nom de votre liste').fill(listName);
    await page.getByRole('button', { name: 'Créer ma liste' }).click();
    await expect(page.getByRole('heading', { name: `Ma liste : ${listName}` })).toBeVisible();
    await expect(steps.locator('[aria-current="step"]')).toHaveText(/^3\. Suivez des chaînes/);

    // A file that is no subscriptions export changes nothing and says why, in French.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Bonjour,\nrien à voir\n') });
    await expect(page.getByRole('alert')).toContainText("Rien n'a été modifié");

    // Import a FreeTube OPML: two channels YouTube knows, one it does not. The file's channels are
    // followed at once and their feeds read in the background: the one YouTube does not know
    // leaves the list then (a later import, the other viewport's, reports it unknown at once).
    await fileInput.setInputFiles(SUBSCRIPTIONS);
    const report = page.getByRole('status', { name: 'Importer vos abonnements' });
    await expect(report).toContainText(
      /(3 chaîne\(s\) suivie\(s\), 0 déjà suivie\(s\), 0 inconnue\(s\)|2 chaîne\(s\) suivie\(s\), 0 déjà suivie\(s\), 1 inconnue\(s\)), 0 en échec\./,
    );
    const followed = page.getByRole('region', { name: 'Chaînes suivies' });
    await expect(followed.getByRole('link', { name: 'Emma Finance' })).toBeVisible();
    await expect(followed.getByRole('link', { name: 'Noah Code' })).toBeVisible();
    await expect(followed.getByRole('link', { name: 'Chaîne Fermée' })).toHaveCount(0, { timeout: 20_000 });

    // Follow one more by its handle.
    await page.getByLabel('Adresse, @identifiant ou identifiant de la chaîne').fill(`@${EXTRA_CHANNEL.handle}`);
    await page.getByRole('button', { name: 'Suivre', exact: true }).click();
    await expect(followed.getByRole('link', { name: EXTRA_CHANNEL.name })).toBeVisible();
    const grid = page.getByRole('list', { name: /vidéos?$/ });
    await expect(grid.getByRole('button', { name: /Ne plus suivre/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yIssues(page)).toEqual([]);

    // Watch: the panel has an address.
    await grid.getByRole('button', { name: VIDEO.title }).click();
    let panel = page.getByRole('dialog', { name: VIDEO.title });
    await expect(page).toHaveURL(new RegExp(`/userPage\\?v=${VIDEO.id}$`));
    await expect(panel.getByText('Position : 00:00')).toBeVisible();

    // Rate: a click sends one rating; arrows choose and Enter sends one.
    const posts: { label: string; rating: number }[] = [];
    ratingPosts(page, posts);
    await panel.getByRole('group', { name: 'Objectivité' }).locator('label', { hasText: /^4 étoiles$/ }).click();
    await expect.poll(() => posts.length).toBe(1);
    await panel.getByRole('group', { name: 'Motivation' }).getByRole('radio', { name: '1 étoile', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByRole('group', { name: 'Motivation' }).getByRole('radio', { name: '3 étoiles' })).toBeChecked();
    expect(posts).toHaveLength(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => posts.length).toBe(2);
    expect(posts.map(({ label, rating }) => [label, rating])).toEqual([
      ['Objectivité', 4],
      ['Motivation', 3],
    ]);

    // A note at 01:15 (minus 10 s), shared as the product's page at that moment.
    await setPlaybackTime(page, 75);
    await expect(panel.getByText('Position : 01:15')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Votre message' }).fill('La pâte brisée');
    await panel.getByRole('button', { name: 'Enregistrer la note' }).click();
    const note = panel.getByRole('list', { name: 'Notes sauvegardées' }).getByRole('listitem').first();
    await note.getByRole('button', { name: 'Partager' }).click();
    const origin = new URL(page.url()).origin;
    const moment = `${origin}/userPage?v=${VIDEO.id}&t=65`;
    await expect(note.getByRole('link', { name: 'Partager sur X' })).toHaveAttribute(
      'href',
      `https://x.com/intent/tweet?text=${encodeURIComponent('La pâte brisée')}&url=${encodeURIComponent(moment)}`,
    );
    await expectNoSidewaysScroll(page);

    // Reload reopens the video, with the visitor's own stars read back; Back closes it.
    await page.reload();
    panel = page.getByRole('dialog', { name: VIDEO.title });
    await expect(panel.getByRole('group', { name: 'Objectivité' }).getByRole('radio', { name: '4 étoiles' })).toBeChecked();
    await expect(panel.getByRole('group', { name: 'Motivation' }).getByRole('radio', { name: '3 étoiles' })).toBeChecked();
    await page.goBack();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/userPage$/);

    // The shared moment opens the video there.
    await page.goto(moment);
    panel = page.getByRole('dialog', { name: VIDEO.title });
    await expect(panel.getByText('Position : 01:05')).toBeVisible();
    expect(await seeks(page)).toEqual([65]);
    await panel.getByRole('button', { name: 'Fermer' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/userPage$/);

    // Unfollowing lives on the channel, and asks first.
    await followed.getByRole('button', { name: 'Ne plus suivre Noah Code' }).click();
    await page.getByRole('dialog', { name: 'Ne plus suivre Noah Code ?' }).getByRole('button', { name: 'Oui' }).click();
    await expect(followed.getByRole('link', { name: 'Noah Code' })).toHaveCount(0);

    // Take the subscriptions away.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en OPML' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`abonnements-${listName}.opml`);
    const opml = fs.readFileSync((await file.path()) ?? '', 'utf8');
    expect(opml).toContain('xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=UCemmafinance00000000001"');
    expect(opml).toContain(`channel_id=${EXTRA_CHANNEL.channelId}`);
    expect(opml).not.toContain('Noah Code');

    // Dark mode: the switch is remembered.
    const darkSwitch = header.getByRole('button', { name: 'Mode sombre' });
    await expect(darkSwitch).toHaveAttribute('aria-pressed', 'false');
    await darkSwitch.click();
    await expect(darkSwitch).toHaveAttribute('aria-pressed', 'true');

    // Come back later: a new tab of the same browser knows the visitor and their space.
    const later = await page.context().newPage();
    await later.setViewportSize(size);
    await later.goto('/');
    await expect(later.locator('header').getByText(email)).toBeVisible();
    await expect(later.locator('header').getByRole('button', { name: 'Mode sombre' })).toHaveAttribute('aria-pressed', 'true');
    const background = await later.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await later.locator('header').getByRole('link', { name: 'Mon espace' }).click();
    await expect(later.getByRole('heading', { name: `Ma liste : ${listName}` })).toBeVisible();
    const laterFollowed = later.getByRole('region', { name: 'Chaînes suivies' });
    await expect(laterFollowed.getByRole('link', { name: 'Emma Finance' })).toBeVisible();
    await expect(laterFollowed.getByRole('link', { name: EXTRA_CHANNEL.name })).toBeVisible();
    await expect(laterFollowed.getByRole('link', { name: 'Noah Code' })).toHaveCount(0);
    await expectNoSidewaysScroll(later);
    await later.close();
  });
}

test('the dark mode follows the system until the visitor chooses', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark', baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto('/');
  const darkSwitch = page.locator('header').getByRole('button', { name: 'Mode sombre' });
  await expect(darkSwitch).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('list', { name: '60 vidéos' })).toBeVisible();
  expect(await seriousA11yIssues(page)).toEqual([]);
  await darkSwitch.click();
  await page.reload();
  await expect(page.locator('header').getByRole('button', { name: 'Mode sombre' })).toHaveAttribute('aria-pressed', 'false');
  await context.close();
});

test('forgetting this browser asks first, then the header offers signup again', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Démarrer gratuitement' }).click();
  const popin = page.getByRole('dialog', { name: "S'inscrire" });
  await popin.getByLabel('Email').fill(`oubli.${Date.now().toString(36)}@example.org`);
  await popin.getByRole('button', { name: "Je m'inscris pour démarrer" }).click();
  await page.locator('header').getByRole('button', { name: 'Oublier ce navigateur' }).click();
  await page.getByRole('dialog', { name: 'Oublier ce navigateur ?' }).getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Ce navigateur ne vous connaît plus.')).toBeVisible();
  await expect(page.locator('header').getByRole('button', { name: 'Démarrer gratuitement' })).toBeVisible();
  await page.reload();
  await expect(page.locator('header').getByRole('button', { name: 'Démarrer gratuitement' })).toBeVisible();
});
