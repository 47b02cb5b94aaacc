/**
 * A visitor's way back to a space kept on another device (issue 24): the signup and login
 * popins offer it. Apart from fr.ts so that only the popins, which load lazily, carry it (the
 * public page's first JavaScript has a budget).
 */
export const frSignIn = {
  otherDevice: 'Déjà un espace visiteur, ouvert sur un autre appareil ?',
  title: 'Retrouver mon espace',
  intro: 'Entrez l’adresse e-mail de votre espace : nous y envoyons un lien qui connecte ce navigateur, sans mot de passe.',
  submit: 'Recevoir un lien de connexion',
  /** "Retrouver mon espace" answers the same whether the address has a space or not (issue 42). */
  linkMaybeSent: "Si un espace existe pour cette adresse, un lien vient d'y être envoyé. Ouvrez-le dans ce navigateur pour y retrouver votre espace.",
  linkSent: (email: string) =>
    `Cette adresse a déjà un espace : un lien de connexion a été envoyé à ${email}. Ouvrez-le dans ce navigateur pour y retrouver votre espace.`,
};
