/** The French of the sign-in's routes and messages. */
export const authCopy = {
  forgotAnswer: 'Si un compte existe pour cette adresse, un lien pour choisir un nouveau mot de passe vient de lui être envoyé.',
  resetSubject: (product: string) => `${product} : choisir un nouveau mot de passe`,
  resetIntro: (product: string) =>
    `Quelqu'un (vous, sans doute) a demandé à changer le mot de passe de votre compte ${product}. Ce lien permet d'en choisir un nouveau :`,
  resetAction: 'Choisir un nouveau mot de passe',
  resetOutro: (minutes: number) =>
    `Le lien sert une fois et vaut ${minutes} minutes. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe ne change pas.`,
  resetUnknown: "Ce lien de changement de mot de passe n'existe pas.",
  resetUsed: 'Ce lien de changement de mot de passe a déjà servi. Demandez-en un autre.',
  resetExpired: 'Ce lien de changement de mot de passe a expiré. Demandez-en un autre.',
  totpRequired: 'Saisissez le code de votre application d’authentification, ou un code de secours.',
  totpInvalid: 'Code de vérification invalide.',
  totpSetupRequired: 'Les administrateurs se connectent avec un second facteur : scannez le QR code, puis saisissez le code affiché.',
  totpAlready: 'La double authentification est déjà activée sur ce compte.',
  totpNothingPending: 'Demandez d’abord un secret (POST /api/me/totp).',
};
