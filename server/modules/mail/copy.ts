/** The French words of what the server itself writes to recipients: message footers and the unsubscribe page. */
export const copy = {
  footerText: 'Vous ne souhaitez plus recevoir ces e-mails ? Se désabonner :',
  footerLink: 'Se désabonner',
  footerHtmlQuestion: 'Vous ne souhaitez plus recevoir ces e-mails ?',
  /** The preference page's link beside the unsubscribe one (issue 37). */
  footerPreferences: 'Gérer mes abonnements',
  testSubjectPrefix: '[BAT] ',
  previewFirstname: 'Prénom',
  previewLastname: 'Nom',
  /** A send or a schedule names its list or its segment (issue 37). */
  listOrSegment: "Indiquez la liste (listId) ou le segment (segmentId) de l'envoi, l'un des deux.",
  /** An attribute in the editor's list of variables (issue 37). */
  attribVariable: (name: string) => `Attribut « ${name} » du contact (vide quand il ne l'a pas)`,
  /** A test send to an address on the suppression list (docs/architecture.md, «Suppression list»). */
  suppressedTest: (email: string, reason: string) =>
    `L'adresse ${email} est sur la liste d'exclusion (motif : ${reason}) : aucun message ne lui est envoyé, pas même un BAT.`,
  unsubscribe: {
    title: 'Désabonnement',
    question: (email: string, list: string) =>
      `Ne plus recevoir les envois de la liste « ${list} » à l'adresse ${email} ?`,
    confirm: 'Me désabonner',
    done: (email: string, list: string) => `C'est fait : ${email} ne recevra plus les envois de la liste « ${list} ».`,
    already: (email: string, list: string) => `${email} est déjà désabonné(e) de la liste « ${list} ».`,
    invalid: 'Ce lien de désabonnement est invalide ou a expiré.',
    test: "Ce lien vient d'un envoi de test (BAT) : aucun abonnement n'a été modifié.",
  },
  /** The unsubscribe page of a message written in English (its Langue tab: `en`, issue 40). */
  unsubscribeEn: {
    title: 'Unsubscribe',
    question: (email: string, list: string) => `Stop receiving the mailings of the list “${list}” at ${email}?`,
    confirm: 'Unsubscribe me',
    done: (email: string, list: string) => `Done: ${email} will no longer receive the mailings of the list “${list}”.`,
    already: (email: string, list: string) => `${email} is already unsubscribed from the list “${list}”.`,
    invalid: 'This unsubscribe link is invalid or has expired.',
    test: 'This link comes from a test send (BAT): no subscription was changed.',
  },
};
