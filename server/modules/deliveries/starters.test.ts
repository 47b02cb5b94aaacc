import { validateAmp4Email } from '../../shared/amp4email';
import { compileContent } from '../mail/compose';
import { STARTERS } from './starters';

const contact = { email: 'lea@example.org', firstname: 'Léa', lastname: 'Durand' };

describe('the starting points of « Nouveau modèle » (issue 41)', () => {
  it('are four at least: a newsletter, an announcement, a creator’s videos, a plain letter', () => {
    expect(STARTERS.map((starter) => starter.id)).toEqual(['newsletter', 'announcement', 'videos', 'letter']);
    for (const starter of STARTERS) expect(starter.label && starter.description && starter.subject).toBeTruthy();
  });

  it.each(STARTERS.map((starter) => [starter.id, starter] as const))('%s: its AMP part keeps the AMP4EMAIL rules, as written and as sent', (_id, starter) => {
    expect(validateAmp4Email(starter.amp, { handlebars: true })).toEqual([]);
    const rendered = compileContent({ subject: starter.subject, html: starter.html, text: starter.text, amp: starter.amp, vars: {} }).render(
      contact,
      'https://news.example/api/unsubscribe/1.abc',
    );
    expect(validateAmp4Email(rendered.amp)).toEqual([]);
    expect(rendered.amp).toContain('Bonjour Léa,');
  });

  it.each(STARTERS.map((starter) => [starter.id, starter] as const))('%s: every part places the unsubscribe and preference links and uses known variables only', (_id, starter) => {
    const compiled = compileContent({ subject: starter.subject, html: starter.html, text: starter.text, amp: starter.amp, vars: {} });
    expect(compiled.missing).toEqual([]);
    // Placed by the template: the composer adds no second footer under it.
    expect([...compiled.placesLink].sort()).toEqual(['amp', 'html', 'text']);
    const rendered = compiled.render(contact, {
      unsubscribeUrl: 'https://news.example/api/unsubscribe/1.abc',
      preferencesUrl: 'https://news.example/preferences/1.def',
    });
    // (The HTML's CSS is inlined: the link carries a style too.)
    expect(rendered.html).toMatch(/<a href="https:\/\/news\.example\/api\/unsubscribe\/1\.abc"[^>]*>Se désabonner<\/a>/);
    expect(rendered.amp).toContain('<a href="https://news.example/api/unsubscribe/1.abc">Se désabonner</a>');
    expect(rendered.text).toContain('Se désabonner : https://news.example/api/unsubscribe/1.abc');
    expect(rendered.html).toMatch(/<a href="https:\/\/news\.example\/preferences\/1\.def"[^>]*>Gérer mes abonnements<\/a>/);
    expect(rendered.amp).toContain('<a href="https://news.example/preferences/1.def">Gérer mes abonnements</a>');
    expect(rendered.text).toContain('Gérer mes abonnements : https://news.example/preferences/1.def');
    // Every other link is absolute.
    for (const [, href] of rendered.html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\//);
  });

  it.each(STARTERS.map((starter) => [starter.id, starter] as const))('%s: reads on a phone (one fluid column, 600 px at most, no fixed width)', (_id, starter) => {
    expect(starter.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    for (const part of [starter.html, starter.amp]) {
      expect(part).toContain('.wrap{max-width:600px;');
      expect(part).not.toMatch(/\swidth="\d+"|[^-]width:\s*\d{3,}px/);
      expect(part).toMatch(/p\{font-size:16px/);
    }
  });
});
