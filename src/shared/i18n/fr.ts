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
  trace: {
    download: 'Télécharger la trace Redux',
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
  },
  following: {
    title: 'Manager follower',
  },
  errors: {
    network: 'Le serveur ne répond pas.',
  },
};
