/**
 * « Mot de passe oublié ? » and the page of its link (issue 39). Apart from fr.ts so that only
 * the sign-in page and the reset page, which load lazily, carry it (the public page's first
 * JavaScript has a budget).
 */
export const frPasswordReset = {
  forgot: 'Mot de passe oublié ?',
  forgotIntro: 'Entrez l’adresse e-mail de votre compte : nous y envoyons un lien pour choisir un nouveau mot de passe.',
  forgotSubmit: 'Recevoir un lien',
  emailRequired: 'Saisissez l’adresse e-mail de votre compte.',
  title: 'Choisir un nouveau mot de passe',
  password: 'Nouveau mot de passe',
  confirm: 'Confirmer le nouveau mot de passe',
  submit: 'Enregistrer le mot de passe',
  tooShort: (n: number) => `${n} caractères au moins.`,
  differ: 'Les deux mots de passe diffèrent.',
  done: 'Mot de passe enregistré. Toutes les sessions de ce compte sont fermées : connectez-vous avec le nouveau.',
  toLogin: 'Se connecter',
  missingToken: 'Ce lien est incomplet. Demandez-en un autre depuis « Mot de passe oublié ? ».',
};
