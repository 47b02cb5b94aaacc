import fs from 'node:fs';
import { expect, test, type Page } from './support/test';
import { DEMO_ADMIN } from './support/demoUsers';
import { recipientOf, waitForMail } from './support/mailbox';
import { signIn } from './support/signIn';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Serious or critical accessibility problems axe finds on the page (axe loaded as a devtools script, beside the page's CSP). */
async function axeProblems(page: Page) {
  await page.evaluate(fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] };
    // The frame's footer holds the QA trace button, which is not this page's.
    const { violations } = await (window as unknown as { axe: { run: (context: unknown) => Promise<{ violations: Violation[] }> } }).axe.run({ exclude: [['footer']] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

test("a send's report shows its figures with rates, its timeline, links and a CSV; the console's start lists it", async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const headers = { authorization: `Bearer ${token}` };
  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const list = await post('/api/grps', { subject: `Rapport ${run}` });
  const contacts = ['ana', 'bob'].map((name) => `${name}.${run}@example.org`);
  for (const email of contacts) await post('/api/grp_rcps', { email, grp: list.id });
  const delivery = await post('/api/deliveries', {
    label: `Suivi ${run}`,
    internalname: `suivi-${run}`,
    subject: 'Bonjour',
    codeHtml: [b64('<html><body><p><a href="https://shop.example/offre">Offre</a></p></body></html>')],
    codeText: [b64('Offre')],
    properties: { tracking: true },
  });
  const send = await post('/api/sendEmail', { delId: delivery.id, listId: list.id });
  const [mail] = await waitForMail((m) => recipientOf(m) === contacts[0], 1);
  const tracked = /href="([^"]*\/api\/t\/c\/[^"]+)"/.exec(String(mail.html))![1];
  // The contact clicks: a 302 to the original address.
  const click = await page.request.get(new URL(tracked).pathname, { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers().location).toBe('https://shop.example/offre');

  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/influenceur$/);
  await page.goto('/dashboard');
  const latest = page.getByRole('region', { name: 'Derniers envois' });
  await latest.getByRole('link', { name: `Ouvrir le rapport de « Suivi ${run} »` }).click();
  await expect(page).toHaveURL(new RegExp(`/influenceur/envois/${send.id}$`));

  const figures = page.getByRole('region', { name: 'Chiffres de l’envoi' });
  await expect(figures.getByText('Envoyés', { exact: true })).toBeVisible();
  await expect(figures).toContainText('Cliqués150 %');
  await expect(page.getByRole('heading', { name: `Rapport d’envoi : « Suivi ${run} »` })).toBeVisible();
  // Two contacts sent within a minute, opened within the hour: one point each, which a chart would draw as an empty frame.
  await expect(page.getByRole('region', { name: 'Chronologie' }).getByText('Pas encore assez de points pour tracer une courbe.').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Liens' })).toContainText('https://shop.example/offre');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`envoi-${send.id}.csv`);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  // French Excel reads a UTF-8 BOM and `;` as the separator (issue 25).
  expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFemail;firstname;lastname;status;/);
  expect(csv).toContain(contacts[1]);

  // Reload reopens the report; it reads on a phone without sideways scrolling; axe is content.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Rapport d’envoi : « Suivi ${run} »` })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  expect(await axeProblems(page)).toEqual([]);
});

test("Diffusion turns tracking on and plans a weekly send in the configured time zone, which can be stopped", async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await page.request.post('/api/grps', { headers, data: { subject: `Liste hebdo ${run}` } })).json();

  await signIn(page, DEMO_ADMIN);
  await page.getByRole('button', { name: 'Nouveau modèle' }).click();
  const editor = page.getByRole('dialog', { name: 'Modèle : Nouveau modèle' });
  await editor.getByLabel('Libellé').fill(`Hebdo ${run}`);
  await editor.getByRole('tab', { name: 'Diffusion' }).click();
  await editor.getByRole('combobox', { name: 'Liste' }).click();
  await page.getByRole('option', { name: `Liste hebdo ${run}` }).click();
  await editor.getByRole('combobox', { name: 'Fréquence' }).click();
  await page.getByRole('option', { name: 'Hebdomadaire' }).click();
  const tracking = editor.getByRole('switch', { name: 'Suivi des ouvertures et des clics' });
  await expect(tracking).not.toBeChecked();
  await tracking.check();
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Version 2 enregistrée.')).toBeVisible();

  const saved = page.getByRole('dialog', { name: `Modèle : Hebdo ${run}` });
  await saved.getByRole('tab', { name: 'Diffusion' }).click();
  await expect(saved.getByText('Aucun envoi planifié.')).toBeVisible();
  // Monday 1 December 2031, 09:30 in Paris (winter time: 08:30 UTC).
  await saved.getByLabel('Première date et heure (Europe/Paris)').fill('2031-12-01T09:30');
  await saved.getByRole('button', { name: 'Planifier' }).click();
  await expect(saved.getByText('Prochain envoi : 01-12-2031 09:30')).toBeVisible();
  const deliveries = await (await page.request.get(`/api/deliveries?order%5Bid%5D=desc`, { headers })).json();
  const delivery = deliveries['hydra:member'].find((d: { label: string }) => d.label === `Hebdo ${run}`);
  expect(delivery.properties.tracking).toBe(true);
  const schedules = await (await page.request.get(`/api/schedules?delivery=${delivery.id}&active=1`, { headers })).json();
  expect(schedules['hydra:member']).toEqual([
    expect.objectContaining({ frequency: 'hebdomadaire', nextAt: '2031-12-01T08:30:00.000Z', list: list.id }),
  ]);

  await saved.getByRole('button', { name: 'Arrêter la planification' }).click();
  await expect(saved.getByText('Planification arrêtée.')).toBeVisible();
  await expect(saved.getByText('Aucun envoi planifié.')).toBeVisible();

  // A planned send shows among the template's sends with its time in TIMEZONE.
  const patched = await page.request.patch(`/api/deliveries/${delivery.id}`, {
    headers: { ...headers, 'content-type': 'application/merge-patch+json' },
    data: JSON.stringify({ codeText: [b64('Bonjour')] }),
  });
  expect(patched.status()).toBe(200);
  const planned = await page.request.post('/api/sendEmail', {
    headers,
    data: { delId: delivery.id, listId: list.id, sendAt: '2031-12-02T09:00:00+01:00' },
  });
  expect(planned.status()).toBe(202);
  // The template has an address: reloading reopens it.
  await page.reload();
  const reopened = page.getByRole('dialog', { name: `Modèle : Hebdo ${run}` });
  await reopened.getByRole('tab', { name: 'Diffusion' }).click();
  await expect(reopened.getByText('Planifié pour le 02-12-2031 09:00')).toBeVisible();
});
