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
  await expect(page.getByRole('region', { name: 'Chronologie' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Liens' })).toContainText('https://shop.example/offre');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`envoi-${send.id}.csv`);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^email,firstname,lastname,status,/);
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
