import { isSimpleEmail } from './validation';

describe('isSimpleEmail (spec §5: text, @, text, dot, text)', () => {
  it.each(['a@b.c', 'visiteur@example.org', ' prenom.nom@sous.domaine.fr '])('accepts %s', (email) => {
    expect(isSimpleEmail(email)).toBe(true);
  });

  it.each(['', 'visiteur', 'visiteur@example', '@example.org', 'visiteur@.org', 'vi siteur@example.org', 'a@b.'])(
    'refuses "%s"',
    (email) => {
      expect(isSimpleEmail(email)).toBe(false);
    },
  );
});
