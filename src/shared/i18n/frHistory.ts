import { formatPlaybackTime } from '../lib/time';

/**
 * History, resume and feed filters (issue 42). Apart from fr.ts so that only the parts that
 * use it, which load lazily, carry it (the public page's first JavaScript has a budget).
 */
export const frHistory = {
  resumeAt: (seconds: number) => `Reprendre à ${formatPlaybackTime(seconds)}`,
  resumeRow: 'Reprendre',
  resumeRowHint: 'Les vidéos que vous avez commencées.',
  progress: (position: number, duration: number) => `Arrêtée à ${formatPlaybackTime(position)} sur ${formatPlaybackTime(duration)}`,
  watched: 'Vue',
  pageTitle: 'Historique',
  historyLink: 'Mon historique',
  empty: 'Aucune vidéo regardée pour l’instant.',
  noSpace: 'L’historique est gardé dans votre espace visiteur : inscrivez-vous pour le retrouver sur tous vos appareils.',
  deleteOne: (title: string) => `Retirer « ${title} » de l’historique`,
  deleteLabel: 'Retirer',
  clearAll: 'Effacer l’historique',
  clearConfirmTitle: 'Effacer l’historique ?',
  clearConfirmText: 'Toutes les vidéos regardées et leurs positions seront oubliées, sur tous vos appareils.',
  filtersTitle: 'Filtres du fil',
  filtersIntro: 'Ce que vous masquez disparaît de la grille, des compteurs de nouveautés, du résumé par e-mail et du flux privé.',
  hideShorts: 'Masquer les Shorts',
  hideLive: 'Masquer les directs et les directs à venir',
  hiddenWords: 'Mots à masquer',
  hiddenWordsHelp: 'Un mot ou une expression par ligne ; accents et majuscules ignorés (200 au plus, de 50 caractères chacun).',
  saveFilters: 'Enregistrer les filtres',
  filtersSaved: 'Filtres enregistrés.',
  lastImportTitle: (at: string) => `Dernier import, le ${new Date(at).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short' })}`,
};
