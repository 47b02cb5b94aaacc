import { expect, test } from './support/test';
import { DEMO_ADMIN } from './support/demoUsers';
import { signIn } from './support/signIn';

/**
 * QA's inbox on the production build (docs/qa-traces.md, «2c. Send it to the team»): a visitor
 * records, meets a failing request, sends a report; an admin finds it by its reference in the
 * console and opens it in the viewer: the picture, the failed request with its X-Request-Id,
 * and the server's log line of that id.
 */
test('a visitor sends a report; an admin finds it in the inbox and sees its picture, failed request, id and log line', async ({ browser }) => {
  test.setTimeout(180_000);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/?trace=1');
  const button = visitor.getByRole('button', { name: 'Signaler un problème' });
  await expect(button).toBeVisible();

  // A request fails, under an id the browser chose (the server keeps a valid one).
  const requestId = `e2e-rapport-${Date.now()}`;
  const status = await visitor.evaluate(async (id) => (await fetch('/api/grps/999999', { headers: { 'x-request-id': id } })).status, requestId);
  expect(status).toBe(401);

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

  // An admin finds it by its reference and opens it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  await expect(admin).toHaveURL(/\/influenceur$/);
  await admin.getByRole('link', { name: 'Rapports' }).first().click();
  await expect(admin).toHaveURL(/\/influenceur\/rapports$/);
  await admin.getByRole('searchbox').fill(reference!);
  const row = admin.getByRole('row').filter({ hasText: reference! });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('La liste demandée ne s’ouvre pas');
  await expect(row).toContainText('à traiter');
  await row.getByText(reference!).click();
  await expect(admin).toHaveURL(/\/influenceur\/rapports\/\d+$/);

  await expect(admin.getByRole('img', { name: 'Capture de la page au moment du rapport' })).toBeVisible({ timeout: 60_000 });
  // The failed request was recorded on the step before the report: the timeline's chip leads there.
  await admin.getByText('1 requête(s) en échec ou lente(s)').first().click();
  const requests = admin.getByRole('region', { name: 'Requêtes' }).or(admin.locator('section[aria-labelledby="trace-requests-title"]'));
  await expect(requests).toContainText(`GET /api/grps/999999 → 401`);
  await expect(requests).toContainText(`X-Request-Id : ${requestId}`);
  const journal = admin.getByRole('region', { name: 'Journal du serveur pour cette requête' });
  await expect(journal).toContainText(`"reqId":"${requestId}"`);
  // The line as the server wrote it: readable here (the default LOG_FORMAT), JSON in production.
  await expect(journal).toContainText(/GET \/api\/grps\/999999 401|"statusCode":401/);

  // Treated, it leaves the "à traiter" state.
  await admin.getByRole('button', { name: 'Marquer traité' }).click();
  await expect(admin.getByRole('heading', { name: `${reference} · traité` })).toBeVisible();
  await adminContext.close();
});
