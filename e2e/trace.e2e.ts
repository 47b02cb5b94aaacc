import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { DEMO_OPERATOR } from './support/demoUsers';

const JWT = /ey[\w-]{6,}\.ey[\w-]{6,}\./;

async function signIn(page: Page) {
  await page.getByLabel('Email').fill(DEMO_OPERATOR.email);
  await page.getByLabel('Mot de passe').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/influenceur$/);
}

/** Replays a downloaded trace with `npm run trace:replay`, as QA would; throws unless it matches. */
function replay(file: string): string {
  return execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/trace-replay.ts', '--quiet', file], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
}

test('the production build records on demand, and the back-office footer downloads a redacted trace that replays', async ({ browser }, testInfo) => {
  // A tab of its own: the `page` fixture turns recording on, as the e2e journeys need.
  const page = await browser.newPage();
  await page.goto('/login');
  await signIn(page);
  const download = page.getByRole('button', { name: 'Télécharger la trace Redux' });
  await expect(page.getByText(`Connecté : ${DEMO_OPERATOR.email}`)).toBeVisible();
  await expect(download).toHaveCount(0);
  expect(await page.evaluate(() => window.__TGM_TRACE__ === undefined)).toBe(true);

  // QA turns recording on, then goes through the steps of the bug.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.keyboard.press('Control+Alt+Shift+T');
  await signIn(page);
  await expect(download).toBeVisible();
  await page.getByRole('link', { name: 'Tableau de bord' }).click();
  await expect(page.getByRole('heading', { name: 'Influenceur' })).toBeVisible();

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^tgm-trace-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
  const saved = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(saved);
  const text = fs.readFileSync(saved, 'utf8');
  const { payload, preloadedState } = JSON.parse(text);
  expect(JSON.parse(preloadedState)).toMatchObject({ auth: { user: null, accessToken: null } });
  const actions = Object.values(JSON.parse(payload).actionsById).map((lifted) => (lifted as { action: { type: string } }).action);
  expect(actions).toContainEqual({
    type: 'auth/loggedIn',
    payload: expect.objectContaining({ username: DEMO_OPERATOR.email, token: '[redacted]' }),
  });
  expect(text).not.toMatch(JWT);
  expect(text).not.toContain(DEMO_OPERATOR.password);
  expect(replay(saved)).toContain('The replay matches the recorded states');

  // Recording stays on for the tab, and the shortcut downloads from any page.
  await page.goto('/');
  const [again] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+Alt+Shift+D')]);
  expect(again.suggestedFilename()).toMatch(/^tgm-trace-.*\.json$/);
  await page.close();
});

test('?trace=1 turns recording on in the production build', async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/login?trace=1');
  await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
  const text = await page.evaluate(() => window.__TGM_TRACE__?.exportText() ?? '');
  expect(JSON.parse(JSON.parse(text).payload).stagedActionIds.length).toBeGreaterThan(1);
  await page.close();
});
