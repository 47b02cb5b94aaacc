import { unpublishableReason } from './publishable';

describe('unpublishableReason', () => {
  it.each(['localhost', 'vm', 'tgm.local', 'mail.tgm.localhost', 'tgm.test', 'tgm.example', 'example.com', 'news.example.org', 'box.invalid', 'nas.home.arpa', 'srv.internal', '192.0.2.1', '[192.0.2.1]', '[IPv6:2001:db8::1]', 'tgm.123', 'bad_name.fr'])(
    'refuses %s, with a reason naming it',
    (domain) => {
      expect(unpublishableReason(domain)).toContain(`« ${domain} »`);
    },
  );

  it.each(['tgm-news.fr', 'mail.tgm-news.fr', 'news.co.uk', 'xn--bcher-kva.de', 'local-news.fr', 'testing.io'])('accepts %s', (domain) => {
    expect(unpublishableReason(domain)).toBeNull();
  });
});
