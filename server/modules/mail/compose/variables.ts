/**
 * The variables every message can use besides its template's own data and sequence keys: the
 * contact's fields and its links (docs/templates.md, «Variables»). The one list: rendering
 * provides exactly these (`render.ts`), the preview reports every other name as missing, and
 * `GET /api/email/variables` gives it to the editor, which inserts them and warns before
 * saving a template that uses a name neither here nor among its own keys.
 */
export interface MessageVariable {
  /** What the template writes between `{{` and `}}`. */
  name: string;
  /**
   * `contact`: a field of the contact the message goes to; `lien`: an address made for them;
   * `attribut`: one of the contact's attributes, `attribs.<name>` (the route adds each name the
   * caller's contacts have beside the one entry of this list); `bloc`: a block of content (compose/videos.ts).
   */
  group: 'contact' | 'lien' | 'attribut' | 'bloc';
  /** What it holds, in French, for the editor's list. */
  label: string;
  /** What a preview or a BAT shows for it. */
  example: string;
  /** What the editor inserts, when more than `{{name}}` (a block with its parameters). */
  insert?: string;
}

export const MESSAGE_VARIABLES = [
  { name: 'firstname', group: 'contact', label: 'Prénom du contact', example: 'Prénom' },
  { name: 'lastname', group: 'contact', label: 'Nom du contact', example: 'Nom' },
  { name: 'email', group: 'contact', label: 'Adresse e-mail du contact', example: 'contact@example.org' },
  {
    name: 'attribs',
    group: 'attribut',
    label:
      'Les attributs du contact, chacun par son nom : {{attribs.ville}} (vide quand le contact ne l’a pas), {{attribs.ville "Paris"}} avec une valeur par défaut',
    example: '{ "ville": "Lyon" }',
  },
  {
    name: 'unsubscribeUrl',
    group: 'lien',
    label: 'Lien de désabonnement en un clic, propre au contact (placé ainsi, le pied de message n’en ajoute pas)',
    example: 'https://…/api/unsubscribe/…',
  },
  {
    name: 'preferencesUrl',
    group: 'lien',
    label: 'Lien vers la page « Gérer mes abonnements » du contact : ses listes, une à une, ou toutes',
    example: 'https://…/preferences/…',
  },
  {
    name: 'videos',
    group: 'bloc',
    label:
      'Les dernières vidéos de créateurs : createurs="<ids de chaînes>" ou groupe="<catégorie>", depuis="dernier envoi" ou "<N> jours", max=6 ; ' +
      'seul, des cartes prêtes ; en bloc {{#videos …}} … {{/videos}}, chaque vidéo avec titre, url, miniature, date, createur et notes',
    example: 'Les vidéos publiées depuis le dernier envoi',
    insert: '{{videos groupe="" depuis="dernier envoi" max=6}}',
  },
] as const satisfies readonly MessageVariable[];

/** Every name of the list. */
export type MessageVariableListed = (typeof MESSAGE_VARIABLES)[number]['name'];
/** The names that hold a value (blocks render by themselves). */
export type MessageVariableName = Extract<(typeof MESSAGE_VARIABLES)[number], { group: 'contact' | 'lien' | 'attribut' }>['name'];
