import type { ZxcvbnResult } from '@zxcvbn-ts/core';
import { badRequest } from './errors';

/**
 * The one rule of a new password, changed, reset or chosen from an invitation
 * (docs/decisions.md, «A team (issue 39)»): 12 characters at least, not one of the common
 * passwords, and a score of 3 or more from zxcvbn-ts (French and common dictionaries). Passwords
 * set before keep signing in: the rule applies when one is chosen.
 */
export const NEW_PASSWORD_MIN_LENGTH = 12;
export const MIN_PASSWORD_SCORE = 3;
/** The estimator reads this many characters at most: past them, a password is long enough. */
const ESTIMATED_LENGTH = 64;

type Estimator = (password: string, inputs: string[]) => ZxcvbnResult;
let estimator: Promise<{ estimate: Estimator; common: Set<string> }> | undefined;

/** zxcvbn and its dictionaries (a few MB), loaded at the first password chosen, not at start. */
function loadEstimator() {
  estimator ??= (async () => {
    const [{ zxcvbn, zxcvbnOptions }, common, fr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-fr'),
    ]);
    zxcvbnOptions.setOptions({
      translations: fr.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...fr.dictionary },
    });
    return {
      estimate: (password: string, inputs: string[]) => zxcvbn(password, inputs),
      common: new Set(common.dictionary.passwords.map((word) => word.toLowerCase())),
    };
  })();
  return estimator;
}

/** What a person's own details give away: their address's parts. */
const inputsOf = (email: string | undefined) => (email ? [email, ...email.split(/[@._+-]+/)].filter((part) => part.length > 2) : []);

/**
 * Refuses a new password with a French 400 naming `field`: too short, common, or too easy to
 * guess (with zxcvbn's French advice when it has some).
 */
export async function checkNewPassword(password: string, field: string, email?: string): Promise<void> {
  if ([...password].length < NEW_PASSWORD_MIN_LENGTH) {
    throw badRequest(field, `Le mot de passe doit compter au moins ${NEW_PASSWORD_MIN_LENGTH} caractères (champ '${field}').`);
  }
  const { estimate, common } = await loadEstimator();
  if (common.has(password.toLowerCase())) {
    throw badRequest(field, `Ce mot de passe figure parmi les plus courants : choisissez-en un autre (champ '${field}').`);
  }
  const result = estimate(password.slice(0, ESTIMATED_LENGTH), inputsOf(email));
  if (result.score < MIN_PASSWORD_SCORE) {
    const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
    throw badRequest(
      field,
      `Mot de passe trop facile à deviner : allongez-le ou mêlez des mots sans rapport (champ '${field}').${advice ? ` ${advice}` : ''}`,
    );
  }
}
