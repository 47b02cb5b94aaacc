/** The French messages of a person's rights (issue 38). */
export const personnesCopy = {
  adminOnly: "Réservé aux administrateurs : l'effacement et l'export des données d'une personne.",
};
