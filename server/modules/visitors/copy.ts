/** The French of the visitors' messages and refusals. */
export const visitorsCopy = {
  signInSubject: (product: string) => `Votre lien de connexion à ${product}`,
  signInIntro: (product: string, email: string) =>
    `Quelqu'un (vous, sans doute) veut retrouver l'espace ${product} de ${email} sur un autre appareil ou navigateur.`,
  signInAction: 'Me connecter sur cet appareil',
  signInOutro: "Ouvrez ce lien dans le navigateur où vous voulez être connecté(e). Si vous n'avez rien demandé, ignorez ce message : rien ne change.",
  confirmSubject: (product: string) => `Confirmez votre adresse pour ${product}`,
  confirmIntro: (product: string) => `Vous avez demandé à recevoir par e-mail un résumé des nouvelles vidéos de vos créateurs sur ${product}.`,
  confirmAction: 'Confirmer mon adresse',
  confirmOutro: "Si vous n'avez rien demandé, ignorez ce message : rien ne vous sera envoyé.",
  ratingNeedsToken:
    "Cette adresse a un espace visiteur : connectez-vous d'abord (un lien de connexion s'envoie en vous réinscrivant avec cette adresse).",
  ratingOtherVisitor: "Cette note appartient à un autre visiteur : connectez-vous avec l'adresse de la note.",
  digestUnsubscribeQuestion: (email: string) => `Ne plus envoyer le résumé des nouvelles vidéos à l'adresse ${email} ?`,
  digestUnsubscribeDone: (email: string) => `C'est fait : ${email} ne recevra plus le résumé des nouvelles vidéos.`,
  digestUnsubscribeAlready: (email: string) => `${email} ne reçoit déjà plus le résumé des nouvelles vidéos.`,
};
