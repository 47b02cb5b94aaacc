/** The French of the users' routes and of the invitation message. */
export const usersCopy = {
  badRoles: "Rôles inconnus : choisissez parmi ROLE_ADMIN, ROLE_EXPEDITEUR et ROLE_EDITEUR (champ 'roles').",
  noRole: "Donnez au moins un rôle (champ 'roles').",
  emailTaken: 'Cet e-mail est déjà utilisé.',
  lastAdmin: 'Impossible : c’est le dernier administrateur actif. Nommez-en un autre d’abord.',
  rolesAdminOnly: "Seul un administrateur peut changer les rôles (champ 'roles').",
  transferSelf: "Choisissez un autre utilisateur que celui dont les données partent (champ 'to').",
  transferTarget: "L'utilisateur qui reçoit doit exister et être actif (champ 'to').",
  user: 'Utilisateur',
  invitationSubject: (product: string) => `${product} : vous êtes invité·e`,
  invitationIntro: (product: string) =>
    `Vous êtes invité·e à rejoindre la console de ${product}. Ce lien vous permet de choisir votre mot de passe :`,
  invitationAction: 'Accepter l’invitation',
  invitationOutro: (hours: number) =>
    `Le lien sert une fois et vaut ${hours} heures. Si vous ne vous attendiez pas à ce message, ignorez-le.`,
  invitationUnknown: "Cette invitation n'existe pas.",
  invitationUsed: 'Cette invitation a déjà servi : connectez-vous avec votre mot de passe.',
  invitationExpired: 'Cette invitation a expiré. Demandez-en une autre à un administrateur.',
};
