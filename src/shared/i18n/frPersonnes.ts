/** A person's data (issue 38), in French: the admin's erasure and export, and the person's own buttons. Loaded with its pages only. */
export const frPersonnes = {
  admin: {
    title: "Données d'une personne",
    intro:
      "Exportez tout ce que le produit garde d'une adresse (contacts, consentements, envois, ouvertures, clics, rejets, automatisations, espace visiteur), ou effacez-la de partout : seule reste son empreinte dans la liste d'exclusion, pour qu'un import ne la reprenne pas.",
    email: 'Adresse e-mail',
    invalid: 'Saisissez une adresse e-mail (texte, @, domaine).',
    export: 'Exporter (JSON)',
    erase: 'Effacer',
    confirmTitle: 'Effacer cette personne ?',
    confirmText: (email: string) =>
      `Toutes les données de ${email} seront effacées de chaque liste, envoi, automatisation et espace visiteur. Cette action est définitive.`,
    erased: (rows: number) => `Personne effacée : ${rows} ligne(s) effacée(s) ou détachée(s).`,
    exported: 'Export téléchargé.',
  },
  mine: {
    title: 'Mes données',
    download: 'Télécharger mes données',
    erase: 'Effacer mes données',
    confirmTitle: 'Effacer mes données ?',
    confirmText:
      'Nous vous envoyons un message : son lien ouvre une page où vous confirmez l’effacement. Tout ce que nous gardons sur vous sera alors effacé.',
    requested: 'Message envoyé : ouvrez son lien pour confirmer l’effacement de vos données.',
    downloaded: 'Vos données sont téléchargées.',
  },
};
