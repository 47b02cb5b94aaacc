import { expect, test, type Page } from './support/test';
import { DEMO_ADMIN } from './support/demoUsers';
import { EXTRA_CHANNEL } from './support/youtube';

const grid = (page: Page) => page.getByRole('list', { name: /vidéos?$/ });

async function signUp(page: Page, email: string) {
  await page.getByRole('button', { name: 'Démarrer gratuitement' }).first().click();
  const popin = page.getByRole('dialog', { name: "S'inscrire" });
  await popin.getByLabel('Email').fill(email);
  await popin.getByRole('button', { name: "Je m'inscris pour démarrer" }).click();
  await expect(popin).toBeHidden();
}

/** The channels' names in a channel list (their theme chips are links too). */
const channelNames = (page: Page) => page.getByRole('region', { name: 'Chaînes suivies' }).getByRole('link', { name: /^[^#]/ });

const storedVisitor = (page: Page) =>
  page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('persist:tgm') ?? '{}').visitor ?? 'null'));

test('the home page lists the seeded creators and their videos', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('TGM News');
  await expect(page.getByRole('heading', { name: 'Créer votre liste de créateurs inspirants' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Listes des créateurs' });
  await expect(cards.getByRole('link')).toHaveText([/JulienEntreprend\s*#business #actu/, /ClaraFormation\s*#formation #ecolo/, /MaximeInvestit\s*#crowdfunding #or/]);
  await expect(cards.getByRole('button', { name: 'Créer votre liste' })).toBeVisible();
  await expect(page.getByRole('list', { name: '60 vidéos' })).toBeVisible();
  const first = grid(page).getByRole('article').first();
  await expect(first.getByRole('heading')).toHaveText('Créer son entreprise en 2026 : les 7 étapes');
  await expect(first.getByText('2026-11-20')).toBeVisible();
  await expect(first.getByText('Julien Entreprend')).toBeVisible();
});

test('without network, YouTube thumbnails say so and the fixed avatars show', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Image non disponible').first()).toBeVisible();
  const avatar = grid(page).locator('img[src="/demo/avatars/JulienEntreprend.svg"]').first();
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('filtering by a creator keeps only their videos, as one types', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('list', { name: '60 vidéos' })).toBeVisible();
  await page.getByPlaceholder('Filtrer par nom de youtubeur').pressSequentially('startup');
  await expect(page.getByRole('list', { name: '15 vidéos' })).toBeVisible();
  await expect(grid(page).getByRole('article').filter({ hasText: 'Startup Hebdo' })).toHaveCount(15);
  await expect(grid(page).getByRole('article').filter({ hasNotText: 'Startup Hebdo' })).toHaveCount(0);
  await page.getByPlaceholder('Filtrer par nom de youtubeur').fill('');
  await expect(page.getByRole('list', { name: '60 vidéos' })).toBeVisible();
});

test('a creator card leads to its list, with its channels and shortcut tiles', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /ClaraFormation/ }).click();
  await expect(page).toHaveURL(/\/liste\/ClaraFormation$/);
  await expect(page.getByRole('heading', { name: 'Liste ClaraFormation', level: 1 })).toBeVisible();
  const channels = page.getByRole('region', { name: 'Chaînes suivies' });
  await expect(channels.getByRole('link', { name: 'Potager Durable' })).toBeVisible();
  await expect(page.getByText(/de [\d\s ]+ vues/).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Listes des créateurs' }).getByRole('link', { name: 'MaximeInvestit' }).click();
  await expect(page).toHaveURL(/\/liste\/MaximeInvestit$/);
  await expect(page.getByRole('region', { name: 'Chaînes suivies' }).getByRole('link', { name: "L'Or et l'Argent" })).toBeVisible();
  await page.getByRole('link', { name: '#or' }).click();
  await expect(page).toHaveURL(/\/chaine\/or$/);
  await expect(page.getByRole('heading', { name: 'Chaîne or' })).toBeVisible();
  await expect(page.getByRole('list', { name: '15 vidéos' })).toBeVisible();
});

test("an unknown list or theme is 'introuvable', with the way home", async ({ page }) => {
  await page.goto('/liste/ListeSansChaine');
  await expect(page.getByRole('heading', { name: 'Liste introuvable', level: 1 })).toBeVisible();
  await expect(page.getByText('Aucune chaîne suivie')).toHaveCount(0);
  await page.getByRole('link', { name: "Revenir à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/chaine/nimportequoi');
  await expect(page.getByRole('heading', { name: 'Thème introuvable', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: "Revenir à l'accueil" })).toBeVisible();
});

test("a theme without videos yet says so, never 'Aucune chaîne suivie'", async ({ page }) => {
  await page.goto('/chaine/cinema');
  await expect(page.getByRole('heading', { name: 'Chaîne cinema', level: 1 })).toBeVisible();
  await expect(page.getByText("Aucune chaîne n'est encore rangée dans ce thème.")).toBeVisible();
  await expect(page.getByText("Aucune vidéo pour ce thème pour l'instant : revenez bientôt.")).toBeVisible();
  await expect(page.getByText('Aucune chaîne suivie')).toHaveCount(0);
});

test('a card opens the video panel, which closes on ×', async ({ page }) => {
  await page.goto('/');
  await grid(page).getByRole('button', { name: /Budget 2027/ }).click();
  const panel = page.getByRole('dialog', { name: 'Budget 2027 : ce qui change pour vous' });
  await expect(panel.getByRole('link', { name: 'Voir sur YouTube' })).toHaveAttribute('href', /watch\?v=/);
  await panel.getByRole('button', { name: 'Fermer' }).click();
  await expect(panel).toBeHidden();
});

test('an invalid e-mail sends nothing; signup stores the token and the e-mail, and the popin closes on its backdrop', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Démarrer gratuitement' }).click();
  const popin = page.getByRole('dialog', { name: "S'inscrire" });
  const calls: string[] = [];
  page.on('request', (request) => calls.push(request.url()));
  await popin.getByLabel('Email').fill('pas-une-adresse@example');
  await popin.getByRole('button', { name: "Je m'inscris pour démarrer" }).click();
  await expect(popin).toBeVisible();
  expect(calls.filter((url) => url.includes('rtEvent'))).toEqual([]);
  await page.mouse.click(5, 5);
  await expect(popin).toBeHidden();

  await signUp(page, 'e2e.visiteur@example.org');
  const visitor = await storedVisitor(page);
  expect(visitor.userEmail).toBe('e2e.visiteur@example.org');
  expect(visitor.tokens).toEqual([{ email: 'e2e.visiteur@example.org', token: expect.stringMatching(/^[\w-]{40,}$/) }]);
  await page.reload();
  expect((await storedVisitor(page)).userEmail).toBe('e2e.visiteur@example.org');
});

test("following channels shows them on the visitor's list", async ({ page }) => {
  const listName = `e2e-${Date.now().toString(36)}`;
  await page.goto('/userPage');
  await signUp(page, `suiveur.${listName}@example.org`);
  await page.getByLabel('Nom de votre liste').fill(listName);
  await page.getByRole('button', { name: 'Créer ma liste' }).click();
  await expect(page.getByRole('heading', { name: `Ma liste : ${listName}` })).toBeVisible();

  // By handle: a channel the server does not know yet, read from (stand-in) YouTube.
  await page.getByLabel('Adresse, @identifiant ou identifiant de la chaîne').fill(`@${EXTRA_CHANNEL.handle}`);
  await page.getByRole('button', { name: 'Suivre', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Chaînes suivies' }).getByRole('link', { name: EXTRA_CHANNEL.name })).toBeVisible();

  // From a video card on the home page.
  await page.goto('/');
  await page.getByRole('button', { name: 'Suivre Le Fil Actu' }).first().click();
  // A card follows, never unfollows: the followed channel's cards say so instead.
  await expect(page.getByRole('button', { name: 'Suivre Le Fil Actu' })).toHaveCount(0);
  await expect(grid(page).getByRole('article').filter({ hasText: 'Le Fil Actu' }).first().getByText('Suivie')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ne plus suivre Le Fil Actu' })).toHaveCount(0);

  await page.goto(`/liste/${listName}`);
  const followed = page.getByRole('region', { name: 'Chaînes suivies' });
  await expect(channelNames(page)).toHaveText([EXTRA_CHANNEL.name, 'Le Fil Actu']);
  await expect(page.getByRole('list', { name: '16 vidéos' })).toBeVisible();
  await expect(grid(page).getByRole('heading').first()).toHaveText('Une tarte aux pommes en 20 minutes');

  await followed.getByRole('button', { name: 'Ne plus suivre Le Fil Actu' }).click();
  const confirm = page.getByRole('dialog', { name: 'Ne plus suivre Le Fil Actu ?' });
  await confirm.getByRole('button', { name: 'Non' }).click();
  await expect(channelNames(page)).toHaveText([EXTRA_CHANNEL.name, 'Le Fil Actu']);
  await followed.getByRole('button', { name: 'Ne plus suivre Le Fil Actu' }).click();
  await confirm.getByRole('button', { name: 'Oui' }).click();
  await expect(channelNames(page)).toHaveText([EXTRA_CHANNEL.name]);
  await expect(page.getByRole('list', { name: '1 vidéo' })).toBeVisible();
});

test('the footer leads to the legal pages, which show their text above the list view', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'contact@tgm.local' })).toHaveAttribute('href', 'mailto:contact@tgm.local');
  await page.getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page).toHaveURL(/\/legal-mentions$/);
  await expect(page.getByRole('heading', { name: 'Mentions légales', level: 1 })).toBeVisible();
  await expect(page.getByText(/service d'agrégation de vidéos/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Liste JulienEntreprend', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Politique de confidentialité' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { name: 'Politique de confidentialité', level: 1 })).toBeVisible();
  await expect(page.getByText(/Aucune donnée n'est vendue/)).toBeVisible();
});

test('the login popin signs in through the same auth as /login, and shows a refusal under the form', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const popin = page.getByRole('dialog', { name: 'Se connecter' });
  await popin.getByLabel('Email').fill(DEMO_ADMIN.email);
  await popin.getByLabel('Mot de passe').fill('mauvais-mot-de-passe');
  await popin.getByRole('button', { name: 'Se connecter' }).click();
  await expect(popin.getByRole('alert')).toHaveText('Identifiants invalides.');
  await popin.getByLabel('Mot de passe').fill(DEMO_ADMIN.password);
  await popin.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/influenceur$/);
});

test('the logo leads home when no delivery site is set', async ({ page }) => {
  await page.goto('/liste/ClaraFormation');
  await page.getByRole('link', { name: 'TGM', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});
