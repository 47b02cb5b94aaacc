/** The console's inbox of bug reports (`/influenceur/rapports`, admins), in French: loaded with that page only. */
export const frRapports = {
  title: 'Rapports de problème',
  adminOnly: 'Cette page est réservée aux administrateurs.',
  date: 'Date',
  reference: 'Référence',
  description: 'Description',
  route: 'Page',
  build: 'Version (commit)',
  browser: 'Navigateur',
  errors: 'Erreurs',
  withErrors: 'oui',
  withoutErrors: 'non',
  status: 'État',
  statuses: { 'à traiter': 'à traiter', traité: 'traité' } as Record<string, string>,
  filter: 'Afficher',
  all: 'Tous',
  markDone: 'Marquer traité',
  markTodo: 'Marquer à traiter',
  download: 'Télécharger',
  delete: 'Supprimer',
  confirmDelete: (reference: string) => `Supprimer le rapport ${reference} ? Il ne pourra pas être retrouvé.`,
  deleted: (reference: string) => `Rapport ${reference} supprimé.`,
  open: (reference: string) => `Ouvrir le rapport ${reference}`,
  back: 'Retour aux rapports',
  loading: 'Chargement du rapport…',
  unreadable: (message: string) => `Ce rapport n’est pas lisible : ${message}`,
  browserOf: (userAgent: string) => {
    const match = /(Firefox|Edg|OPR|Chrome|Safari)\/(\d+)/.exec(userAgent);
    return match ? `${match[1] === 'Edg' ? 'Edge' : match[1] === 'OPR' ? 'Opera' : match[1]} ${match[2]}` : userAgent.slice(0, 40);
  },
};
