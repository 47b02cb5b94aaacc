/** The French messages of segments (issue 37). */
const at = (index: number) => `Règle ${index + 1}`;

export const segmentsCopy = {
  tooManyRules: (max: number, given: number) => `Un segment a au plus ${max} règles (${given} données).`,
  ruleKind: (i: number) => `${at(i)} : une règle porte soit sur un champ (field, op, value), soit sur une activité (activity, et send ou last).`,
  unknownField: (i: number, field: string) =>
    `${at(i)} : le champ « ${field.slice(0, 80)} » n'existe pas (email, firstname, lastname, created ou attribs.<nom>).`,
  unknownOp: (i: number, op: string) =>
    `${at(i)} : l'opérateur « ${op.slice(0, 40)} » n'existe pas (égal, différent, contient, commence par, avant, après, vide, non vide).`,
  opNotForField: (i: number, op: string, field: string) => `${at(i)} : l'opérateur « ${op} » ne s'applique pas au champ « ${field} ».`,
  valueNeeded: (i: number, op: string, kind: string) => `${at(i)} : l'opérateur « ${op} » demande une valeur (${kind}).`,
  badAttrib: (i: number) => `${at(i)} : le nom d'attribut après « attribs. » n'est pas valable (1 à 64 caractères).`,
  unknownActivity: (i: number, activity: string) =>
    `${at(i)} : l'activité « ${activity.slice(0, 40)} » n'existe pas (a ouvert, a cliqué, n'a pas ouvert, n'a pas cliqué).`,
  sendOrLast: (i: number) => `${at(i)} : une règle d'activité nomme un envoi (send) ou les derniers envois (last, de 1 à 50), l'un des deux.`,
  sendNotFound: (i: number, send: number) => `${at(i)} : l'envoi ${send} est introuvable.`,
  listNotOwner: "Cette liste n'est pas à l'utilisateur du segment (champ 'grp').",
  listDeleted: 'Cette liste est supprimée (champ grp).',
  inUse: "Ce segment est la cible d'un envoi planifié ou d'une planification : arrêtez-les d'abord.",
};
