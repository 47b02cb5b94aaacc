import { Type } from '@sinclair/typebox';
import { Answer } from '../../shared/schemas';

export const ConfirmationParams = Type.Object({
  token: Type.String({ minLength: 16, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: 'Le jeton du lien de confirmation.' }),
});

export const ConfirmationAnswer = Answer({
  kind: Type.String({ description: "Ce que le lien confirme : 'liste', 'visiteur' ou 'connexion'." }),
  label: Type.String({ description: 'Ce qui sera confirmé, en français.' }),
  expired: Type.Boolean(),
  used: Type.Boolean(),
});

export const ConfirmedAnswer = Answer({}, { description: 'Ce que la confirmation a fait (selon son genre).' });
