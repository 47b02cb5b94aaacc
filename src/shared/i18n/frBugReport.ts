/**
 * The bug report dialog's copy, in French: apart from `fr` so that the public page's first
 * JavaScript carries none of it (issue 26's budget); the dialog loads on the first report.
 * The button's own words stay in `fr.trace`.
 */
export const frBugReport = {
  title: 'Signaler un problème',
  intro:
    'Le rapport réunit la trace Redux, une capture de la page, les erreurs de la console et les requêtes en échec ou lentes. Jetons et mots de passe en sont retirés.',
  description: 'Décrivez le problème en une phrase',
  descriptionRequired: 'Décrivez le problème en une phrase.',
  download: 'Télécharger le rapport',
  send: 'Envoyer à l’équipe',
  sending: 'Envoi…',
  sent: (reference: string) => `Rapport envoyé à l’équipe. Sa référence : ${reference}`,
  sendFailed: (message: string) => `L’envoi a échoué : ${message}`,
  offline: 'le serveur ne répond pas. Téléchargez le rapport et transmettez-le autrement.',
  capturing: 'Capture de la page en cours…',
  captureFailed: 'La capture de la page a échoué : le rapport partira sans elle.',
  picture: 'Capture de la page jointe au rapport',
  close: 'Fermer',
};
