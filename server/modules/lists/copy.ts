/** The French messages of the lists' routes. */
export const listsCopy = {
  contacts: {
    statusAndActif: "Le statut et 'actif' se contredisent : n'envoyez que l'un des deux.",
    unsubscribedByContact: (email: string) =>
      `${email} s'est désabonné(e) de cette liste : seul un nouvel abonnement de sa part peut l'y remettre.`,
  },
};
