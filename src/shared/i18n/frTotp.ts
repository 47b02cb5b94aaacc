/** Two-factor sign-in (TOTP), in French: the login form's code step and « Mon compte »'s set-up. */
export const frTotp = {
  code: 'Code de vérification',
  codeHelp: 'Les 6 chiffres de votre application d’authentification, ou un code de secours.',
  codeRequired: 'Saisissez le code.',
  setupIntro: 'Scannez ce QR code avec votre application d’authentification (ou saisissez le secret), puis saisissez le code affiché.',
  secret: 'Secret',
  qrAlt: 'QR code de la double authentification',
  recoveryTitle: 'Codes de secours',
  recoveryText: 'Chacun sert une fois si vous n’avez plus votre application. Notez-les maintenant : ils ne seront plus affichés.',
  continue: 'Continuer',
  menu: 'Double authentification',
  title: 'Double authentification (TOTP)',
  intro: 'À chaque connexion, un code de votre application d’authentification vous sera demandé en plus du mot de passe.',
  start: 'Configurer',
  confirm: 'Activer',
  enabled: 'La double authentification est activée.',
  close: 'Fermer',
};
