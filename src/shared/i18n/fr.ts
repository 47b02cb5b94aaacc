/** Every user-facing string of the application, in French, as the spec writes it. */
export const fr = {
  app: {
    publicTitle: (product: string) => `${product} News`,
  },
  auth: {
    loginTitle: 'Se connecter',
    email: 'Email',
    password: 'Mot de passe',
    submit: 'Se connecter',
    emailRequired: 'Email is required',
    passwordRequired: 'Password is required',
    logout: 'Se déconnecter',
    signedInAs: (email: string) => `Connecté : ${email}`,
  },
  validation: {
    invalid: (field: string) => `${field} is not valid.`,
  },
  dashboard: {
    title: 'Tableau de bord',
    profile: 'Profil',
    influenceurPanel: 'Influenceur',
    influenceurText: 'Gérez vos listes, vos modèles de diffusion, vos catégories et vos discours.',
    openConsole: 'Ouvrir la console',
    survivalismePanel: 'Survivalisme',
    survivalismeText: 'Espace dédié au profil survivalisme.',
    noPanel: 'Aucun panneau pour ce profil.',
  },
  console: {
    title: 'Console créateur',
  },
  public: {
    homeTitle: 'Créer votre liste de créateurs inspirants',
    userPageTitle: 'Vidéos',
    chaineTitle: (theme: string) => `Chaîne ${theme}`,
    listeTitle: (theme: string) => `Liste ${theme}`,
    legalMentions: 'Mentions légales',
    privacyPolicy: 'Politique de confidentialité',
    startFree: 'Démarrer gratuitement',
    login: 'Se connecter',
    home: 'Accueil',
    contact: 'Contact :',
    createList: 'Créer votre liste',
    creatorsLists: 'Listes des créateurs',
    followedChannels: 'Chaînes suivies',
    noChannel: 'Aucune chaîne suivie',
    themeChannels: 'Chaînes du thème',
    latestVideos: 'Dernières vidéos',
    legalMentionsText: (product: string, contact: string) =>
      `${product} News est un service d'agrégation de vidéos publiques de créateurs YouTube.\n` +
      `Les vidéos, titres et images restent la propriété de leurs auteurs et sont affichés depuis YouTube.\n` +
      `Pour toute question ou demande de retrait : ${contact}.`,
    privacyPolicyText: (product: string, contact: string) =>
      `${product} News conserve l'adresse e-mail que vous donnez à l'inscription, votre consentement et la liste des chaînes que vous suivez, pour vous les montrer et vous écrire si vous l'avez accepté.\n` +
      `Votre jeton d'inscription et votre adresse restent dans votre navigateur ; le serveur n'en garde qu'une empreinte.\n` +
      `Aucune donnée n'est vendue ni transmise à des tiers. Pour consulter ou effacer vos données : ${contact}.`,
  },
  videos: {
    filterPlaceholder: 'Filtrer par nom de youtubeur',
    noImage: 'Image non disponible',
    views: (count: string) => `de ${count} vues`,
    showMore: 'Afficher plus de vidéos',
    none: 'Aucune vidéo',
    watchOnYoutube: 'Voir sur YouTube',
    playerLoading: 'Chargement du lecteur',
    playerUnavailable: 'Le lecteur vidéo ne peut pas être chargé. Regardez la vidéo sur YouTube ; vos notes restent disponibles.',
    videoUnplayable: 'Cette vidéo ne peut pas être lue ici. Regardez-la sur YouTube.',
    position: (time: string) => `Position : ${time}`,
    count: (count: number) => (count > 1 ? `${count} vidéos` : `${count} vidéo`),
  },
  visitors: {
    signupTitle: "S'inscrire",
    panelTitle: 'Votre liste',
    email: 'Email',
    signupSubmit: "Je m'inscris pour démarrer",
    invite: 'Inscrivez-vous pour créer votre liste de créateurs et suivre vos chaînes.',
    unknownToken: "Votre inscription n'est plus reconnue : inscrivez-vous de nouveau.",
    listName: 'Nom de votre liste',
    listNameHelp: 'Lettres, chiffres, point, tiret ; 3 à 40 caractères. Ce nom sera l’adresse de votre liste.',
    createList: 'Créer ma liste',
    myList: (name: string) => `Ma liste : ${name}`,
    seeMyList: 'Voir ma liste',
    followLabel: 'Adresse, @identifiant ou identifiant de la chaîne',
    follow: 'Suivre',
    unfollow: 'Ne plus suivre',
    emailTitle: 'Email',
    emailSave: 'Enregistrer',
    invalidEmail: 'Veuillez entrer une adresse email valide.',
    subscribeTitle: (product: string) => `S'abonner à ${product}`,
    subscribeQuestion: 'Quelle est votre adresse email ?',
  },
  ratings: {
    /** The three criteria of the panel (spec §2.4); also the labels the API receives. */
    criteria: ['Objectivité', 'Information', 'Motivation'] as const,
    stars: (value: number) => (value > 1 ? `${value} étoiles` : `${value} étoile`),
    noStar: 'Aucune étoile',
    summary: (average: number | null, count: number) =>
      average === null || count === 0
        ? 'Aucun avis'
        : `Moyenne ${average.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} / 5 · ${count} avis`,
  },
  notes: {
    message: 'Votre message',
    required: 'Veuillez remplir ce champ.',
    add: 'Enregistrer la note',
    saved: 'Notes sauvegardées',
    none: 'Aucune note pour cette vidéo.',
    seek: (time: string) => `Aller à ${time}`,
    share: 'Partager',
    delete: 'Supprimer',
    exportMarkdown: 'Exporter en Markdown',
  },
  sharing: {
    shareVideo: 'Partager la vidéo',
    onX: 'Partager sur X',
    onTelegram: 'Partager sur Telegram',
    telegramBot: 'Publier avec le bot Telegram',
    locked: 'Fonction verrouillée',
    unlock: 'Débloquer',
  },
  following: {
    title: 'Manager follower',
  },
  common: {
    close: 'Fermer',
  },
  errors: {
    network: 'Le serveur ne répond pas.',
  },
};
