/** The preference page (`/preferences/{token}`, issue 37), in French: loaded with that page only. */
export const frPreferences = {
  title: 'Gérer mes abonnements',
  loading: 'Chargement de vos abonnements…',
  intro: (email: string) => `Les listes où figure l’adresse ${email}. Chaque interrupteur s’applique aussitôt.`,
  none: 'Cette adresse ne figure plus dans aucune liste.',
  subscribed: (subject: string) => `Recevoir les envois de la liste « ${subject} »`,
  fixed: 'Seul l’expéditeur peut changer cet abonnement.',
  changed: (subject: string, subscribed: boolean) =>
    subscribed ? `Vous êtes de nouveau abonné(e) à la liste « ${subject} ».` : `Vous ne recevrez plus les envois de la liste « ${subject} ».`,
  all: 'Me désabonner de tout',
  allTitle: 'Me désabonner de tout',
  allQuestion: 'Ne plus rien recevoir de cet expéditeur, sur aucune de ses listes ?',
  allDone: 'C’est fait : vous ne recevrez plus rien de cet expéditeur.',
  suppressed: 'Vous êtes désabonné(e) de tout : cet expéditeur ne vous écrit plus.',
  test: 'Ce lien vient d’un envoi de test (BAT) : aucun abonnement n’est modifié ici.',
  invalid: 'Ce lien de gestion des abonnements est invalide.',
};
