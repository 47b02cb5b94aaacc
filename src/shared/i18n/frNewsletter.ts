/** The French words of the public page of a sent newsletter (issue 40), loaded with it. */
export const frNewsletter = {
  loading: 'Chargement de la lettre…',
  sentOn: (date: string) => `Envoyée le ${date}`,
  frameTitle: (subject: string) => `Lettre : ${subject}`,
  notFound: "Cette lettre n'existe pas ou n'est pas publique.",
  backHome: "Retour à l'accueil",
};
