import { expect, test } from './support/test';
import { seriousAxeFindings } from './support/axe';
import { signInElsewhere } from './support/signInElsewhere';
import { seeks, serveYouTubePlayer, setPlaybackTime } from './support/youtubePlayer';
import { signUpFromPopin } from './support/signUpFromPopin';

/** A video of the home's grid (the demo data). */
const VIDEO = { id: 'pTLdavAs3Db', title: 'Créer son entreprise en 2026 : les 7 étapes' };

test('a video left at 2:00 on a computer resumes at 2:00 on a phone after the sign-in link; /historique forgets it (issue 42)', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const email = `reprise.${Date.now().toString(36)}@example.org`;
  await serveYouTubePlayer(page);
  await signUpFromPopin(page, email);

  // Played to 2:00 of a 10-minute video, then paused: the position is saved.
  await page.getByRole('list', { name: /vidéos?$/ }).getByRole('button', { name: VIDEO.title }).first().click();
  const panel = page.getByRole('dialog', { name: VIDEO.title });
  await expect(panel.getByText('Position : 00:00')).toBeVisible();
  await page.evaluate(() => window.__youtubeStandIn?.setDuration(600));
  await setPlaybackTime(page, 120);
  await expect(panel.getByText('Position : 02:00')).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/visitor/history/${VIDEO.id}`) && r.request().method() === 'PUT');
  await page.evaluate(() => window.__youtubeStandIn?.setState(2));
  expect((await saved).status()).toBe(204);
  await panel.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByRole('region', { name: 'Reprendre' }).getByText(VIDEO.title)).toBeVisible();

  // A phone, nothing stored: the sign-in link, then the home's "Reprendre" row.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  await serveYouTubePlayer(phone);
  await signInElsewhere(phone, email);
  await phone.goto('/');
  const row = phone.getByRole('region', { name: 'Reprendre' });
  await expect(row.getByText('Arrêtée à 02:00 sur 10:00')).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await row.getByRole('link', { name: new RegExp(VIDEO.title) }).click();
  const phonePanel = phone.getByRole('dialog', { name: VIDEO.title });
  const resume = phonePanel.getByRole('button', { name: /^Reprendre à \d\d:\d\d$/ });
  await expect(resume).toBeVisible();
  const offered = /(\d\d):(\d\d)$/.exec((await resume.textContent()) ?? '') as RegExpExecArray;
  expect(Math.abs(Number(offered[1]) * 60 + Number(offered[2]) - 120)).toBeLessThanOrEqual(3);
  // By keyboard: the offer is a button like any other.
  await resume.focus();
  await phone.keyboard.press('Enter');
  await expect.poll(async () => (await seeks(phone)).at(-1)).toBeGreaterThanOrEqual(117);
  expect(Math.abs(((await seeks(phone)).at(-1) ?? 0) - 120)).toBeLessThanOrEqual(3);
  await expect(phonePanel.getByText(/^Position : 0(1:5[7-9]|2:0[0-3])$/)).toBeVisible();
  await phonePanel.getByRole('button', { name: 'Fermer' }).click();

  // /historique lists it, on a 390 px screen with no sideways scroll and no serious axe finding.
  await phone.locator('header').getByRole('link', { name: 'Mon espace' }).click();
  await phone.getByRole('link', { name: 'Mon historique' }).click();
  await expect(phone).toHaveURL(/\/historique$/);
  await expect(phone.getByRole('heading', { name: 'Historique', level: 1 })).toBeVisible();
  const cardOf = phone.getByRole('list', { name: /vidéos?$/ }).getByRole('listitem').filter({ hasText: VIDEO.title });
  await expect(cardOf).toContainText(/Arrêtée à 0[12]:\d\d sur 10:00/);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousAxeFindings(phone)).toEqual([]);
  await phone.getByRole('button', { name: 'Effacer l’historique' }).click();
  const confirm = phone.getByRole('dialog', { name: 'Effacer l’historique ?' });
  await confirm.getByRole('button', { name: 'Oui' }).click();
  await expect(phone.getByText('Aucune vidéo regardée pour l’instant.')).toBeVisible();
  await other.close();

  // The first device's row empties too, once it reads the history again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dernières vidéos' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reprendre' })).toHaveCount(0);
});
