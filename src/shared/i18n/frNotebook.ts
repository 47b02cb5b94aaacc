/**
 * The French of the notebook and of editing a note (issue 42): kept apart from fr.ts so that
 * only the lazily loaded parts that show it carry it (the public page's first JavaScript has a
 * budget).
 */
export const frNotebook = {
  title: 'Mon carnet de notes',
  intro: 'Toutes vos notes, vidéo par vidéo, les plus récentes d’abord.',
  localOnly:
    'Ces notes ne sont gardées que dans ce navigateur. Inscrivez-vous (ou ouvrez le lien de connexion reçu par e-mail) pour les retrouver sur tous vos appareils.',
  search: 'Rechercher dans mes notes',
  none: 'Aucune note pour l’instant : ouvrez une vidéo et écrivez-en une.',
  noMatch: (query: string) => `Aucune note ne contient « ${query} ».`,
  count: (count: number) => (count > 1 ? `${count} notes` : `${count} note`),
  more: 'Afficher plus de notes',
  exportMarkdown: 'Exporter en Markdown',
  exportJson: 'Exporter en JSON',
  exportFailed: 'L’export a échoué. Réessayez.',
  openAt: (time: string, title: string) => `Ouvrir ${title} à ${time}`,
  unknownVideo: (id: string) => `Vidéo ${id}`,
  by: (creator: string) => `par ${creator}`,
  loadFailed: 'Vos notes n’ont pas pu être chargées. Réessayez plus tard.',
  link: 'Mon carnet',
  // Editing a note in place, and its time typed by hand.
  edit: 'Modifier',
  editLabel: (time: string) => `Modifier la note de ${time}`,
  save: 'Enregistrer',
  cancel: 'Annuler',
  time: 'Moment (mm:ss)',
  timeHelp: 'Laissez vide pour prendre la position du lecteur.',
  timeInvalid: 'Écrivez le moment sous la forme mm:ss (par exemple 02:05).',
  saveFailed: 'La note n’a pas pu être enregistrée. Réessayez.',
  keptLocally: 'Cette vidéo n’est pas dans TGM News : la note reste dans ce navigateur.',
  markdownTitle: 'Mes notes',
};
