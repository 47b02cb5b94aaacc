import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Download, Page, Request } from '@playwright/test';
import { ensureWebBuild } from '../server/webBuild';
import type { Trace } from '../src/shared/trace/format';
import { parseTrace } from '../src/shared/trace/parse';
import { replayTrace } from '../src/app/trace/replay';
import { startApiServer, type RunningServer } from './support/apiServer';
import { seriousAxeFindings } from './support/axe';
import { DEMO_OPERATOR } from './support/demoUsers';
import { expect, test } from './support/test';

/**
 * The QA build's bug report and trace viewer, end to end. The suite's server serves the
 * production build; this file builds a QA build (`QA_BUILD=1`) in dist-qa/ of its own, only
 * when its sources changed, and serves it from a second server.
 */
const ROOT = path.resolve(__dirname, '..');
const QA_DIR = path.join(ROOT, 'dist-qa');
const JWT = /ey[\w-]{6,}\.ey[\w-]{6,}\.[\w-]*/;
const REPORT_KEYS = ['trace', 'screenshot', 'console', 'requests', 'version', 'commit', 'userAgent', 'viewport', 'language', 'timeZone', 'description'];

let qa: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(900_000);
  ensureWebBuild(ROOT, QA_DIR, (message) => console.log(`QA build: ${message}`), { QA_BUILD: '1' });
  qa = await startApiServer({ SKIP_WEB_BUILD: '1', WEB_DIR: QA_DIR, LOGIN_RATE_LIMIT: '1000', PUBLIC_WRITE_RATE_LIMIT: '1000' });
});
test.afterAll(async () => {
  await qa?.stop();
});

const expectedBuild = () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // No git here: the build says unknown too.
  }
  return { version, commit };
};

/** Signs in, as a person does, and answers the session's JWT (from the login's answer). */
async function signIn(page: Page): Promise<string> {
  await page.goto(`${qa.url}/login`);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/login_check') && response.status() === 200);
  await page.getByLabel('Email').fill(DEMO_OPERATOR.email);
  await page.getByLabel('Mot de passe').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const { token } = (await (await answer).json()) as { token: string };
  await expect(page).toHaveURL(/\/influenceur$/);
  return token;
}

async function createList(page: Page, subject: string) {
  await page.getByRole('button', { name: 'Nouvelle liste' }).click();
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByLabel('Sujet').fill(subject);
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByRole('button', { name: 'Nouvelle liste' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: `Liste : ${subject}` })).toBeVisible();
}

/** Opens the report's dialog, checks it, and downloads the report. */
async function downloadReport(page: Page, description: string): Promise<Download> {
  const button = page.getByRole('button', { name: 'Signaler un problème' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Signaler un problème' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('Décrivez le problème en une phrase');
  await expect(field).toBeFocused();
  expect(await seriousAxeFindings(page)).toEqual([]);
  // A sentence is asked for.
  await dialog.getByRole('button', { name: 'Télécharger le rapport' }).click();
  await expect(dialog.getByText('Décrivez le problème en une phrase.')).toBeVisible();
  await field.fill(description);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Télécharger le rapport' }).click()]);
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  return download;
}

/** Opens a file at /qa/traces and answers the requests the page makes from then on. */
async function openInViewer(page: Page, file: string): Promise<Request[]> {
  await page.goto(`${qa.url}/qa/traces`);
  await expect(page.getByRole('heading', { name: 'Traces Redux', level: 1 })).toBeVisible();
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.getByLabel('Choisir un fichier').setInputFiles(file);
  await expect(page.getByRole('status')).toContainText(`${path.basename(file)} : `);
  return requests;
}

/** No request left for the API or another host: only the app's own code and styles load (lazy pages). */
function expectNothingFetched(requests: Request[]) {
  const origin = new URL(qa.url).origin;
  expect(requests.filter((request) => new URL(request.url()).origin !== origin || !['script', 'stylesheet', 'font', 'image'].includes(request.resourceType())).map((r) => r.url())).toEqual([]);
  expect(requests.filter((request) => new URL(request.url()).pathname.startsWith('/api')).map((r) => r.url())).toEqual([]);
}

const stepIndex = (trace: Trace, predicate: (step: Trace['steps'][number]) => boolean, from = 0) =>
  trace.steps.findIndex((step, index) => index >= from && predicate(step)) + 1;

test('a bug report holds the trace, the page, the console and the failed requests, without a token, and the viewer shows the screen the user saw', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const subject = `Liste du rapport ${Date.now()}`;
  const jwt = await signIn(page);
  await createList(page, subject);

  // A request fails: a list no one has, opened from its address inside the app.
  await page.evaluate(() => {
    history.pushState({}, '', '/influenceur/listes/999999');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const notFound = page.getByRole('dialog', { name: 'Introuvable' });
  await expect(notFound).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notFound).toHaveCount(0);
  // The console: an error carrying the session's JWT, and an unhandled rejection.
  await page.evaluate((token) => {
    console.error(`Échec du rendu avec le jeton ${token} en clair`);
    void Promise.reject(new Error('rejet non traité'));
  }, jwt);
  const persisted = await page.evaluate(() => localStorage.getItem('persist:tgm') ?? '');
  expect(persisted).toContain(jwt);

  const download = await downloadReport(page, 'La liste créée n’apparaît pas comme prévu.');
  expect(download.suggestedFilename()).toMatch(/^tgm-bug-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
  const saved = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  const text = fs.readFileSync(saved, 'utf8');

  // No token of the journey, anywhere.
  expect(text).not.toContain(jwt);
  expect(text).not.toContain(jwt.split('.')[2]);
  expect(text).not.toMatch(JWT);
  expect(text).not.toContain(DEMO_OPERATOR.password);

  // Every field.
  const report = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(report)).toEqual(REPORT_KEYS);
  expect(report).toMatchObject({
    ...expectedBuild(),
    userAgent: await page.evaluate(() => navigator.userAgent),
    viewport: page.viewportSize(),
    language: await page.evaluate(() => navigator.language),
    timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    description: 'La liste créée n’apparaît pas comme prévu.',
  });
  expect(report.screenshot).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]{1000,}/);
  const trace = parseTrace(text);
  expect(trace.meta).toMatchObject({ ...expectedBuild(), fingerprint: expect.objectContaining({ auth: expect.stringMatching(/^[0-9a-f]{8}$/) }) });
  expect(replayTrace(trace).matches).toBe(true);
  const steps = trace.steps.length;
  const failedAt = stepIndex(trace, (step) => step.action.type === 'api/executeQuery/rejected' && (step.action.meta as { arg?: { endpointName?: string } })?.arg?.endpointName === 'getList');
  expect(failedAt).toBeGreaterThan(0);
  expect(report.requests).toContainEqual({ method: 'GET', path: '/api/grps/999999', status: 404, duration: expect.any(Number), requestId: expect.stringMatching(/^[\w.:-]{1,128}$/), actionIndex: expect.any(Number) });
  for (const request of report.requests as { actionIndex: number }[]) expect(request.actionIndex).toBeLessThanOrEqual(steps);
  expect(report.console).toEqual(
    expect.arrayContaining([
      // Given no error, a console call keeps where it came from.
      { level: 'error', message: 'Échec du rendu avec le jeton [redacted] en clair', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), stack: expect.stringMatching(/^console\.error\n/), actionIndex: expect.any(Number) },
      { level: 'unhandledrejection', message: 'Error: rejet non traité', time: expect.any(String), stack: expect.stringContaining('Error: rejet non traité'), actionIndex: expect.any(Number) },
    ]),
  );
  // The route of each state: the navigation is an action of the trace.
  expect(trace.steps.map((step) => step.action)).toContainEqual({ type: 'router/locationChanged', payload: { pathname: '/influenceur/listes/999999', search: '', hash: '' } });

  // The viewer: the step after the list's creation shows the list, and nothing is fetched.
  const created = stepIndex(trace, (step) => step.action.type === 'api/executeMutation/fulfilled' && (step.action.meta as { arg?: { endpointName?: string } })?.arg?.endpointName === 'createList');
  expect(created).toBeGreaterThan(0);
  const shown = stepIndex(trace, (step) => step.action.type.endsWith('/fulfilled') && JSON.stringify(step.action).includes(subject), created);
  expect(shown).toBeGreaterThan(created);
  const requests = await openInViewer(page, saved);
  await expect(page.getByRole('status')).toHaveText(`${path.basename(saved)} : ${steps} action(s)`);
  const screen = page.getByTestId('trace-screen');
  const timeline = page.getByRole('navigation', { name: 'Chronologie des actions' });
  await timeline.getByRole('button', { name: new RegExp(`^${created}\\. api/executeMutation/fulfilled`) }).click();
  await expect(page.getByText(`Étape ${created} sur ${steps}`)).toBeVisible();
  for (let index = created; index < shown; index += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByText(`Étape ${shown} sur ${steps}`)).toBeVisible();
  await expect(screen.getByText(subject).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Changements depuis l’étape précédente' })).toBeVisible();
  // The failed request and the console error sit on their steps; the screenshot on the last.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText(`Étape ${shown - 1} sur ${steps}`)).toBeVisible();
  await page.getByRole('slider', { name: 'Étape' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByText(`Étape ${steps} sur ${steps}`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Capture de la page au moment du rapport' })).toBeVisible();
  await expect(timeline.getByText(/requête\(s\) en échec ou lente\(s\)/).first()).toBeVisible();
  await expect(timeline.getByText(/erreur\(s\) de console/).first()).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
  expectNothingFetched(requests);
});

test('on a phone, the report downloads and the viewer steps through it', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const subject = `Liste mobile ${Date.now()}`;
  const jwt = await signIn(page);
  await createList(page, subject);
  await page.keyboard.press('Escape');
  const download = await downloadReport(page, 'Sur téléphone, la liste est créée.');
  const saved = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  const text = fs.readFileSync(saved, 'utf8');
  expect(text).not.toContain(jwt);
  expect(JSON.parse(text).viewport).toEqual({ width: 390, height: 844 });

  const trace = parseTrace(text);
  const created = stepIndex(trace, (step) => step.action.type === 'api/executeMutation/fulfilled' && JSON.stringify(step.action).includes(subject));
  const shown = stepIndex(trace, (step) => step.action.type.endsWith('/fulfilled') && JSON.stringify(step.action).includes(subject), created);
  const requests = await openInViewer(page, saved);
  await page.getByRole('navigation', { name: 'Chronologie des actions' }).getByRole('button', { name: new RegExp(`^${shown}\\. `) }).click();
  await expect(page.getByText(`Étape ${shown} sur ${trace.steps.length}`)).toBeVisible();
  await expect(page.getByTestId('trace-screen').getByText(subject).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousAxeFindings(page)).toEqual([]);
  expectNothingFetched(requests);
  await context.close();
});

test('the production build has no trace viewer, and shows the report button only while recording', async ({ browser }) => {
  // A tab of its own: the `page` fixture turns recording on.
  const page = await browser.newPage();
  await page.goto('/qa/traces');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Traces Redux' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Signaler un problème' })).toHaveCount(0);
  await page.goto('/login?trace=1');
  await expect(page.getByRole('button', { name: 'Signaler un problème' })).toBeVisible();
  await page.close();
});
