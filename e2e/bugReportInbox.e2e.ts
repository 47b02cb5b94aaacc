import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_ADMIN } from './support/demoUsers';
import { openAdminPage } from './support/console';
import { recipientOf, waitForMail } from './support/mailbox';
import { signIn } from './support/signIn';

/** Where the app logs a failed video list: the line the viewer's stack must name. */
const FAILURE_SOURCE = 'src/features/videos/api.ts';
const failureLine = () =>
  fs
    .readFileSync(path.resolve(__dirname, '..', FAILURE_SOURCE), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes("console.error('Video list failure'")) + 1;

/** Clicks the timeline's chips matching `chip` until `section` shows `text`: slow requests of a loaded machine get chips too. */
async function stepShowing(timeline: Locator, chip: RegExp, section: Locator, text: string | RegExp) {
  const chips = timeline.getByText(chip);
  await expect(chips.first()).toBeVisible();
  const count = await chips.count();
  for (let index = 0; index < count; index += 1) {
    await chips.nth(index).click();
    if ((await section.filter({ hasText: text }).count()) > 0) return;
  }
  throw new Error(`no step of the timeline shows ${String(text)}`);
}

/**
 * QA's inbox on the production build (docs/qa-traces.md, «2c. Send it to the team»): a visitor
 * records, meets a failing request, sends a report; the admins are mailed its reference; an
 * admin finds it by its reference in the console and opens it in the viewer: the picture, the
 * failed request with its X-Request-Id, the server's log line of that id, and the error's stack
 * at its source file and line of src/ («Readable stacks»).
 */
test('a visitor sends a report; an admin is mailed, finds it in the inbox and sees its picture, failed request, id, log line and stack in the sources', async ({ browser }) => {
  test.setTimeout(180_000);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  // A list whose name the server refuses (over 100 characters): its videos' request fails with
  // 400, and the app logs the failure (console.error, from its own minified code).
  const theme = 'x'.repeat(101);
  const failing = visitor.waitForResponse((response) => response.url().includes('/api/videoByUser/'));
  await visitor.goto(`/liste/${theme}?trace=1`);
  const answer = await failing;
  expect(answer.status()).toBe(400);
  const requestId = answer.headers()['x-request-id'];
  expect(requestId).toMatch(/^[\w.:-]{1,128}$/);
  const button = visitor.getByRole('button', { name: 'Signaler un problème' });
  await expect(button).toBeVisible();

  // The dialog opens at once, before the page's picture is taken (timed in the page, once the
  // recording page has fetched the dialog's code, as it does after rendering).
  await visitor.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/bug-report\.[0-9a-f]+\.js$/.test(entry.name)));
  await visitor.evaluate(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { __marks: Record<string, number> }).__marks = marks;
    document.addEventListener('click', () => (marks.pressed = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (document.querySelector('[role="dialog"]')) {
        marks.opened = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await button.click();
  const dialog = visitor.getByRole('dialog', { name: 'Signaler un problème' });
  await expect(dialog).toBeVisible();
  const marks = await visitor.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
  expect(marks.opened - marks.pressed).toBeLessThan(500);

  await dialog.getByLabel('Décrivez le problème en une phrase').fill('La liste demandée ne s’ouvre pas');
  await expect(dialog.getByRole('img', { name: 'Capture de la page jointe au rapport' })).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Envoyer à l’équipe' }).click();
  const sent = dialog.getByRole('status');
  await expect(sent).toContainText('Rapport envoyé à l’équipe. Sa référence : R-', { timeout: 60_000 });
  const reference = /R-[A-Z0-9]{6}/.exec((await sent.textContent()) ?? '')?.[0];
  expect(reference).toBeTruthy();
  await visitorContext.close();

  // The admins are mailed its reference at once: the first report of the hour.
  const [notice] = await waitForMail((mail) => recipientOf(mail) === DEMO_ADMIN.email && (mail.text ?? '').includes(reference!), 1, 60_000);
  expect(notice?.subject).toMatch(/nouveaux? rapports? de problème$/);
  expect(notice.text).toContain('/influenceur/rapports/');

  // An admin finds it by its reference and opens it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  await expect(admin).toHaveURL(/\/influenceur$/);
  await openAdminPage(admin, 'Rapports');
  await expect(admin).toHaveURL(/\/influenceur\/rapports$/);
  // The inbox's own search box (the page's code loads on demand: the previous page's may still show).
  const inbox = admin.getByRole('region', { name: 'Rapports de problème' });
  await inbox.getByRole('searchbox').fill(reference!);
  const row = admin.getByRole('row').filter({ hasText: reference! });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('La liste demandée ne s’ouvre pas');
  await expect(row).toContainText('à traiter');
  await row.getByText(reference!).click();
  await expect(admin).toHaveURL(/\/influenceur\/rapports\/\d+$/);

  await expect(admin.getByRole('img', { name: 'Capture de la page au moment du rapport' })).toBeVisible({ timeout: 60_000 });
  // The failed request and the app's console error sit on their steps: the timeline's chips lead there.
  const timeline = admin.getByRole('navigation', { name: 'Chronologie des actions' });
  const requests = admin.locator('section[aria-labelledby="trace-requests-title"]');
  await stepShowing(timeline, /requête\(s\) en échec ou lente\(s\)/, requests, '/api/videoByUser/');
  await expect(requests).toContainText(`POST /api/videoByUser/${theme}?itemsPerPage=5000 → 400`);
  await expect(requests).toContainText(`X-Request-Id : ${requestId}`);
  const journal = admin.getByRole('region', { name: 'Journal du serveur pour cette requête' });
  await expect(journal).toContainText(`"reqId":"${requestId}"`);
  // The line as the server wrote it: readable here (the default LOG_FORMAT), JSON in production.
  await expect(journal).toContainText(/POST \/api\/videoByUser\/x+\?itemsPerPage=5000 400|"statusCode":400/);

  // The error's stack, read by the server in the build's source maps: its source file and line.
  const consoleSection = admin.locator('section[aria-labelledby="trace-console-title"]');
  await stepShowing(timeline, /erreur\(s\) de console/, consoleSection, 'Video list failure');
  const stack = consoleSection.getByRole('region', { name: 'Pile d’appels dans les sources' });
  await expect(stack).toContainText(`at ${FAILURE_SOURCE}:${failureLine()}:`);
  // The browser's own frames, folded below, point into the minified bundles.
  await stack.getByText('Pile telle que le navigateur l’a écrite').click();
  await expect(stack.getByLabel('Pile telle que le navigateur l’a écrite')).toContainText(/^console\.error\n\s+at .*\/[\w-]+\.[0-9a-f]{12}\.js:\d+:\d+/);

  // Treated, it leaves the "à traiter" state.
  await admin.getByRole('button', { name: 'Marquer traité' }).click();
  await expect(admin.getByRole('heading', { name: `${reference} · traité` })).toBeVisible();
  await adminContext.close();
});
