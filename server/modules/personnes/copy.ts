/** The French messages of a person's rights (issue 38). */
export const personnesCopy = {
  message: (productName: string) => ({
    subject: `${productName} : confirmez l'effacement de vos données`,
    intro: `Vous avez demandé l'effacement de toutes les données que ${productName} garde sur vous (votre espace, vos abonnements, vos messages). Ouvrez ce lien puis confirmez : l'effacement est définitif.`,
    action: 'Effacer mes données',
    outro: "Si vous n'avez rien demandé, ignorez ce message : rien ne sera effacé. Le lien expire dans 24 heures.",
  }),
  confirmLabel: "L'effacement de toutes vos données (définitif)",
  requested: "Message envoyé : ouvrez son lien pour confirmer l'effacement de vos données.",
};
