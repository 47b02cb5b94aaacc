import { createTestApp, type TestApp } from '../../testing/testApp';
import { MAX_PARAM_LENGTH } from '../../shared/validation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_READ_RATE_LIMIT: '1000' }, { demoData: true });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

describe('POST /api/videoByUser/{theme}', () => {
  it("answers the latest videos of the seeded creator's list, newest first, in the spec's shape", async () => {
    const response = await post('/api/videoByUser/JulienEntreprend', { theme: 'JulienEntreprend' });
    expect(response.statusCode).toBe(200);
    const [res] = response.json().res;
    expect(res.totalItems).toBe(60);
    expect(res.videos).toHaveLength(60);
    expect(res.liste).toEqual({ name: 'JulienEntreprend', hashtags: ['#business', '#actu'] });
    expect(res.chaines.map((c: { name: string }) => c.name)).toEqual([
      'Julien Entreprend',
      'Le Fil Actu',
      'Média Libre Éco',
      'Startup Hebdo',
    ]);
    const dates = res.videos.map((v: { created: string }) => v.created);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(res.videos.map((v: { youtube_name: string }) => v.youtube_name))).toEqual(
      new Set(['Julien Entreprend', 'Le Fil Actu', 'Média Libre Éco', 'Startup Hebdo']),
    );
    expect(res.videos.find((v: { id: string }) => v.id === 'TKMHlbFxQDY')).toEqual({
      id: 'TKMHlbFxQDY',
      youtube_titre: 'Le résumé de la semaine en 10 minutes',
      youtube_name: 'Le Fil Actu',
      youtube_lien: 'https://www.youtube.com/channel/UC5C7mLf_e_-GamCm06recAq',
      img_lien: 'https://i3.ytimg.com/vi/TKMHlbFxQDY/hqdefault.jpg',
      created: '2026-11-20T08:00:00.000Z',
      youtube_nb_vue: 12687,
      url: 'https://www.youtube.com/watch?v=TKMHlbFxQDY',
      channelId: 'UC5C7mLf_e_-GamCm06recAq',
      theme: 'actu',
    });
  });

  it('applies the thumbnail rules: custom names rewritten, fixed avatars for marked channels', async () => {
    const [res] = (await post('/api/videoByUser/JulienEntreprend', { theme: 'JulienEntreprend' })).json().res;
    const images = res.videos.map((v: { img_lien: string }) => v.img_lien);
    expect(images.filter((src: string) => src.includes('_custom_'))).toEqual([]);
    const rewritten = res.videos.filter((v: { img_lien: string }) => v.img_lien.endsWith('/mqdefault.jpg'));
    expect(rewritten.length).toBeGreaterThan(0);
    for (const v of rewritten) expect(v.img_lien).toBe(`https://i.ytimg.com/vi/${v.id}/mqdefault.jpg`);
    const julien = res.videos.filter((v: { youtube_name: string }) => v.youtube_name === 'Julien Entreprend');
    expect(julien.length).toBe(15);
    for (const v of julien) expect(v.img_lien).toBe('/demo/avatars/JulienEntreprend.svg');
  });

  it('pages with page and itemsPerPage', async () => {
    const all = (await post('/api/videoByUser/ClaraFormation', { theme: 'ClaraFormation' })).json().res[0].videos;
    const second = (await post('/api/videoByUser/ClaraFormation?page=2&itemsPerPage=25', { theme: 'ClaraFormation' })).json()
      .res[0];
    expect(second).toMatchObject({ page: 2, itemsPerPage: 25, totalItems: 60 });
    expect(second.videos.map((v: { id: string }) => v.id)).toEqual(all.slice(25, 50).map((v: { id: string }) => v.id));
    const beyond = (await post('/api/videoByUser/ClaraFormation?page=9&itemsPerPage=25', { theme: 'ClaraFormation' })).json();
    expect(beyond.res[0]).toMatchObject({ videos: [], totalItems: 60 });
  });

  it('finds a list whatever the case of its name', async () => {
    const [res] = (await post('/api/videoByUser/maximeinvestit', { theme: 'maximeinvestit' })).json().res;
    expect(res.liste.name).toBe('MaximeInvestit');
    expect(res.videos).toHaveLength(60);
  });

  it('answers an unknown list with no videos, not an error', async () => {
    const response = await post('/api/videoByUser/Personne', { theme: 'Personne' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      res: [{ videos: [], totalItems: 0, chaines: [], liste: null, page: 1, itemsPerPage: 100 }],
    });
  });

  it.each([
    ['no body theme', '/api/videoByUser/JulienEntreprend', {}, 'theme'],
    ['a body theme that is not the path one', '/api/videoByUser/JulienEntreprend', { theme: 'Autre' }, 'theme'],
    ['a theme that is not text', '/api/videoByUser/JulienEntreprend', { theme: { $ne: 1 } }, 'theme'],
    ['page 0', '/api/videoByUser/JulienEntreprend?page=0', { theme: 'JulienEntreprend' }, 'page'],
    ['a huge page size', '/api/videoByUser/JulienEntreprend?itemsPerPage=100000', { theme: 'JulienEntreprend' }, 'itemsPerPage'],
    ['a page that is not a number', '/api/chaine/actu?page=deux', { theme: 'actu' }, 'page'],
    ['a theme too long', '/api/chaine/actu', { theme: 'x'.repeat(101) }, 'theme'],
  ])('refuses %s with a 400 naming the field', async (_what, url, body, field) => {
    const response = await post(url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    expect(response.json().message).toContain(field);
  });
});

describe('POST /api/chaine/{theme}', () => {
  it("answers the videos and channels of a theme in the spec's shape", async () => {
    const response = await post('/api/chaine/actu', { theme: 'actu' });
    expect(response.statusCode).toBe(200);
    const [res] = response.json().res;
    expect(res.chaine.map((c: { name: string }) => c.name)).toEqual(['Le Fil Actu', 'Énergie Verte TV']);
    expect(res.chaine[0]).toEqual({
      id: 'UC5C7mLf_e_-GamCm06recAq',
      name: 'Le Fil Actu',
      handle: 'LeFilActu',
      theme: 'actu',
      avatar: '/demo/avatars/LeFilActu.svg',
      url: 'https://www.youtube.com/channel/UC5C7mLf_e_-GamCm06recAq',
    });
    expect(res.totalItems).toBe(30);
    expect(new Set(res.videos.map((v: { theme: string }) => v.theme))).toEqual(new Set(['actu']));
  });

  it('answers an unknown theme with no videos', async () => {
    const [res] = (await post('/api/chaine/inconnu', { theme: 'inconnu' })).json().res;
    expect(res).toMatchObject({ videos: [], chaine: [], totalItems: 0, known: false });
  });

  it('says a theme of the enumeration is known even with no channel yet, and one with channels', async () => {
    const [empty] = (await post('/api/chaine/cinema', { theme: 'cinema' })).json().res;
    expect(empty).toMatchObject({ videos: [], chaine: [], known: true });
    const [actu] = (await post('/api/chaine/actu', { theme: 'actu' })).json().res;
    expect(actu.known).toBe(true);
  });

  it('answers a theme too long with 400 naming it, and a path too long for the router with 414, never an error', async () => {
    // The router takes what the schema may refuse by name (issue 36): 200 characters reach it.
    const long = await post(`/api/chaine/${'x'.repeat(200)}`, { theme: 'x' });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('theme');
    const huge = await post(`/api/chaine/${'x'.repeat(MAX_PARAM_LENGTH + 1)}`, { theme: 'x' });
    expect(huge.statusCode).toBe(414);
  });

  it('takes accented themes', async () => {
    const response = await post(`/api/chaine/${encodeURIComponent('fiscalité')}`, { theme: 'fiscalité' });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/creators', () => {
  it('lists the three featured creators with their hashtags, in order', async () => {
    const body = (await t.app.inject('/api/creators')).json();
    expect(body['hydra:member'].map((c: { name: string; hashtags: string[] }) => [c.name, c.hashtags])).toEqual([
      ['JulienEntreprend', ['#business', '#actu']],
      ['ClaraFormation', ['#formation', '#ecolo']],
      ['MaximeInvestit', ['#crowdfunding', '#or']],
    ]);
  });

  it('follows edits of the data: creators are not constants', async () => {
    await t.db.query(`UPDATE creator_list SET hashtags = '["#bourse"]' WHERE name = 'MaximeInvestit'`);
    const body = (await t.app.inject('/api/creators')).json();
    expect(body['hydra:member'][2].hashtags).toEqual(['#bourse']);
  });
});

describe('rate limit of the public reads', () => {
  it('answers 429 past PUBLIC_READ_RATE_LIMIT a minute per address', async () => {
    const limited = await createTestApp({ PUBLIC_READ_RATE_LIMIT: '3' }, { demoData: true });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await limited.app.inject('/api/creators')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
