/**
 * The « Utilisateurs » page and the invitation's page (issue 39). Apart from fr.ts: only these
 * lazily loaded pages carry it (the public page's first JavaScript has a budget).
 */
export const frUsers = {
  title: 'Utilisateurs',
  intro:
    'Invitez vos collègues : chacun reçoit un lien à usage unique pour choisir son mot de passe. Un éditeur prépare listes, contacts, modèles et automatisations sans rien envoyer ; un expéditeur envoie ; un administrateur fait tout.',
  adminOnly: 'Cette page est réservée aux administrateurs.',
  email: 'E-mail',
  roles: 'Rôle',
  state: 'État',
  created: 'Créé le',
  actions: 'Actions',
  roleNames: {
    ROLE_ADMIN: 'Administrateur',
    ROLE_EXPEDITEUR: 'Expéditeur',
    ROLE_EDITEUR: 'Éditeur',
  } as Record<string, string>,
  states: {
    active: 'Actif',
    invited: 'Invitation envoyée',
    deactivated: 'Désactivé',
  },
  invite: {
    title: 'Inviter un utilisateur',
    email: 'Adresse e-mail',
    role: 'Rôle',
    submit: 'Envoyer l’invitation',
    emailRequired: 'Saisissez une adresse e-mail valide.',
    done: (email: string) => `Invitation envoyée à ${email}.`,
  },
  changeRole: (email: string) => `Rôle de ${email}`,
  roleChanged: (email: string, role: string) => `${email} est désormais ${role.toLowerCase()}.`,
  deactivate: 'Désactiver',
  deactivateLabel: (email: string) => `Désactiver ${email}`,
  deactivateTitle: 'Désactiver cet utilisateur ?',
  deactivateText: (email: string) =>
    `${email} ne pourra plus se connecter ; ses sessions et ses jetons d’API cessent tout de suite. Ses listes et envois restent, et vous pouvez les donner à un autre utilisateur.`,
  deactivated: (email: string) => `${email} est désactivé.`,
  transfer: 'Transférer',
  transferLabel: (email: string) => `Transférer les données de ${email}`,
  transferTitle: (email: string) => `Donner les listes, modèles, envois et automatisations de ${email} à :`,
  transferTo: 'Utilisateur qui reçoit',
  transferSubmit: 'Transférer',
  cancel: 'Annuler',
  transferred: (lists: number, deliveries: number) => `${lists} liste(s) et ${deliveries} modèle(s) transférés.`,
  empty: 'Aucun utilisateur.',
  invitation: {
    title: 'Accepter l’invitation',
    intro: 'Choisissez votre mot de passe : au moins 12 caractères, difficile à deviner (une phrase de mots sans rapport convient bien).',
    password: 'Mot de passe',
    confirm: 'Confirmer le mot de passe',
    submit: 'Choisir ce mot de passe et entrer',
    tooShort: (n: number) => `${n} caractères au moins.`,
    differ: 'Les deux mots de passe diffèrent.',
    missingToken: 'Ce lien est incomplet. Demandez une nouvelle invitation à un administrateur.',
    strength: (label: string) => `Solidité estimée : ${label}`,
    strengths: ['très faible', 'faible', 'moyenne', 'bonne', 'excellente'],
  },
};
