/** The French messages of the lists' routes. */
export const listsCopy = {
  contacts: {
    statusAndActif: "Le statut et 'actif' se contredisent : n'envoyez que l'un des deux.",
    unsubscribedByContact: (email: string) =>
      `${email} s'est désabonné(e) de cette liste : seul un nouvel abonnement de sa part peut l'y remettre.`,
    pendingConfirmation: (email: string) =>
      `${email} n'a pas encore confirmé son abonnement : seul le lien du message de confirmation peut l'activer.`,
  },
  publicDefault: {
    adminOnly: "Seul un administrateur choisit la liste publique par défaut (champ 'publicDefault').",
  },
  subscribe: {
    closed: "Cette liste ne prend pas d'abonnements publics (elle ne demande pas de confirmation par e-mail).",
    sent: 'Merci ! Un message de confirmation vient de vous être envoyé : ouvrez-le et cliquez sur le lien pour confirmer votre abonnement.',
  },
};
