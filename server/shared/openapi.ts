import type { FastifyInstance, RouteOptions } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { accessOf } from './access';

/** Who may call a route: a signed-in user, a visitor's token, a recipient's token, or anyone. */
export type Security = 'bearer' | 'visitor' | 'recipient' | 'none';

export interface ApiRoute {
  method: string;
  url: string;
  security: Security;
  /** The body's media type when the route reads something else than JSON (route config `accepts`). */
  accepts?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route, as registered: the authorisation and hostile-input suites walk it. */
    apiRoutes: ApiRoute[];
  }
}

/** The body of every refusal (errorHandler.ts). */
export const ErrorAnswer = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String({ description: 'En français.' }),
    field: Type.Optional(Type.String({ description: 'Le champ refusé, quand il y en a un.' })),
  },
  { $id: 'ErrorAnswer', description: 'Refus : {statusCode, error, message, field}' },
);

export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  visitorToken: { type: 'apiKey', in: 'header', name: 'x-visitor-token', description: "Le jeton rendu par l'inscription." },
  recipientToken: { type: 'apiKey', in: 'query', name: 'token', description: 'Le jeton du destinataire (ou le champ token du corps).' },
} as const;

const SECURITY_REQUIREMENT: Record<Security, Record<string, string[]>[]> = {
  bearer: [{ bearer: [] }],
  visitor: [{ visitorToken: [] }],
  recipient: [{ recipientToken: [] }],
  none: [],
};

interface Operation {
  summary: string;
  /** Routes without the bearer check that still ask for a token. */
  security?: 'visitor' | 'recipient';
}

/**
 * Every operation's French summary, by `METHOD /url`. A route missing here is listed by
 * openapi.test.ts: a new route is described when it is added.
 */
export const OPERATIONS: Record<string, Operation> = {
  'GET /api/health': { summary: "État du serveur et de sa base de données" },
  'POST /api/login_check': { summary: 'Connexion : échange e-mail et mot de passe contre un jeton' },
  'POST /api/password/forgot': { summary: "Mot de passe oublié : envoie un lien à l'adresse si elle est celle d'un compte (répond toujours 202)" },
  'POST /api/password/reset': { summary: 'Choisir un nouveau mot de passe avec le lien reçu (met fin à toutes les sessions du compte)' },
  'POST /api/logout': { summary: 'Déconnexion : met fin à la session du jeton, sur tous les serveurs' },
  'POST /api/me/password': { summary: 'Changer son mot de passe (met fin à ses autres sessions)' },
  'POST /api/me/totp': { summary: "Double authentification : un nouveau secret, son URI otpauth:// et son QR code (à confirmer par un code)" },
  'POST /api/me/totp/confirm': { summary: 'Activer la double authentification avec un premier code ; répond 10 codes de secours, montrés une fois' },
  'DELETE /api/users/:id/sessions': { summary: "Mettre fin à toutes les sessions d'un utilisateur (administrateur)" },
  'GET /api/users': { summary: 'Liste des utilisateurs' },
  'GET /api/users/:id': { summary: "Un utilisateur" },
  'PATCH /api/users/:id': { summary: 'Modifier un utilisateur (ses rôles : administrateur)' },
  'POST /api/users': { summary: "Inviter un utilisateur : un lien à usage unique lui est envoyé (administrateur)" },
  'DELETE /api/users/:id': { summary: 'Désactiver un utilisateur : ses sessions et jetons cessent, ses données restent (administrateur)' },
  'POST /api/users/:id/transfert': { summary: "Donner les listes, modèles et envois d'un utilisateur à un autre (administrateur)" },
  'POST /api/invitation': { summary: "Accepter une invitation : choisir son mot de passe avec le lien reçu, et être connecté" },
  'GET /api/tokens': { summary: "Ses jetons d'API (nom, portées, création, dernier usage)" },
  'POST /api/tokens': { summary: "Créer un jeton d'API : son texte n'est montré qu'une fois" },
  'DELETE /api/tokens/:id': { summary: "Révoquer un de ses jetons d'API, tout de suite" },
  'GET /api/grps': { summary: 'Listes de diffusion' },
  'POST /api/grps': { summary: 'Créer une liste de diffusion' },
  'GET /api/grps/:id': { summary: 'Une liste de diffusion' },
  'GET /api/grps/:id/attribs': { summary: "Les noms d'attributs des contacts d'une liste" },
  'GET /api/segments': { summary: 'Segments : les règles enregistrées sur les contacts' },
  'POST /api/segments': { summary: 'Créer un segment (une liste ou toutes, règles sur les champs, attributs et activité)' },
  'GET /api/segments/:id': { summary: 'Un segment' },
  'PATCH /api/segments/:id': { summary: 'Modifier un segment' },
  'DELETE /api/segments/:id': { summary: "Supprimer un segment qu'aucun envoi planifié n'attend" },
  'GET /api/segments/:id/count': { summary: "Combien de contacts un envoi au segment toucherait maintenant" },
  'GET /api/preferences/:token': { summary: "La page « Gérer mes abonnements » : les listes de l'expéditeur où l'adresse est contact", security: 'recipient' },
  'POST /api/preferences/:token': { summary: "S'abonner ou se désabonner d'une liste depuis la page de préférences", security: 'recipient' },
  'GET /api/preferences/:token/donnees': { summary: '« Télécharger mes données » depuis la page de préférences : tout ce que le produit garde de l’adresse', security: 'recipient' },
  'POST /api/preferences/:token/effacement': { summary: '« Effacer mes données » depuis la page de préférences : un message dont le lien confirme l’effacement', security: 'recipient' },
  'POST /api/preferences/:token/tout': { summary: "« Me désabonner de tout » : toutes les listes de l'expéditeur, et sa liste d'exclusion", security: 'recipient' },
  'POST /api/segments/count': { summary: "Compter les contacts d'un segment en cours d'écriture, sans l'enregistrer" },
  'GET /api/segments/:id/contacts': { summary: 'Les contacts du segment, page par page' },
  'PATCH /api/grps/:id': { summary: 'Modifier une liste de diffusion' },
  'GET /api/grp_rcps': { summary: 'Contacts des listes' },
  'POST /api/grp_rcps': { summary: 'Ajouter un contact à une liste' },
  'GET /api/grp_rcps/:id': { summary: 'Un contact' },
  'PATCH /api/grp_rcps/:id': { summary: 'Modifier un contact' },
  'GET /api/grp_rcps/:id/count': { summary: "Nombre de contacts d'une liste" },
  'GET /api/grprcp/last': { summary: 'Date du dernier contact ajouté' },
  'POST /api/mgt/RT/createGrpRcp/byDate': { summary: 'Ajouter aux listes les destinataires créés depuis une date' },
  'GET /api/grps/:id/refresh': { summary: 'Rafraîchir une liste depuis les destinataires' },
  'POST /api/amp/bo/target/new': { summary: 'Liste cible : ajouter ou remplacer des adresses (base64)' },
  'POST /api/grps/:id/import': { summary: 'Importer des contacts depuis un fichier CSV' },
  'GET /api/grps/:id/contacts.csv': {
    summary: "Exporter les contacts d'une liste (ou la vue filtrée) en CSV (jeton d'accès, ou lien de téléchargement ?download=…)",
  },
  'POST /api/grps/:id/contacts.csv/download': { summary: "Lien de téléchargement de l'export CSV, valable une minute" },
  'GET /api/categories': { summary: 'Catégories' },
  'POST /api/categories': { summary: 'Créer une catégorie' },
  'GET /api/categories/:id': { summary: 'Une catégorie' },
  'PATCH /api/categories/:id': { summary: 'Modifier une catégorie' },
  'POST /api/videoByUser/:theme': { summary: "Vidéos d'un thème, par créateur" },
  'POST /api/chaine/:theme': { summary: "Vidéos d'une chaîne pour un thème" },
  'GET /api/creators': { summary: 'Créateurs suivis' },
  'POST /api/rtEvent/new': { summary: "Inscription d'un visiteur (opt-in)" },
  'POST /api/personnes/effacement': { summary: "Effacer une personne : son adresse quitte chaque table et fichier, seule reste son empreinte dans la liste d'exclusion (administrateurs)" },
  'GET /api/personnes/export': { summary: "Exporter en JSON tout ce que le produit garde d'une adresse (administrateurs)" },
  'GET /api/visitor/donnees': { summary: "Télécharger mes données : tout ce que le produit garde sur le visiteur, en JSON" },
  'POST /api/visitor/donnees/effacement': { summary: "Effacer mes données : envoie au visiteur un message dont le lien confirme l'effacement" },
  'GET /api/audit': { summary: "Le journal d'audit : qui a lu en masse ou changé des données personnelles, et quand (administrateurs)" },
  'GET /api/suppressions': { summary: "La liste d'exclusion : les adresses qu'aucune liste de leur propriétaire n'écrit plus (les siennes ; toutes pour un administrateur)" },
  'POST /api/suppressions': { summary: "Ajouter une adresse à la liste d'exclusion" },
  'GET /api/suppressions/:email': { summary: "Une adresse de la liste d'exclusion (?user= : celle d'un autre, administrateurs)" },
  'DELETE /api/suppressions/:email': { summary: "Retirer une adresse de la liste d'exclusion (son propriétaire ou un administrateur ; noté dans son consentement)" },
  'GET /api/suppressions.csv': { summary: "La liste d'exclusion en CSV (jeton d'accès, ou lien de téléchargement ?download=…)" },
  'POST /api/suppressions.csv/download': { summary: "Lien de téléchargement de la liste d'exclusion en CSV, valable une minute" },
  'GET /api/webhooks': { summary: 'Les webhooks : les adresses qui reçoivent les événements (administrateurs)' },
  'POST /api/webhooks': { summary: 'Créer un webhook ; son secret de signature est montré cette fois seulement' },
  'GET /api/webhooks/:id': { summary: 'Un webhook (sans son secret)' },
  'PATCH /api/webhooks/:id': { summary: "Modifier un webhook : adresse, événements, actif" },
  'DELETE /api/webhooks/:id': { summary: 'Supprimer un webhook et ses envois' },
  'GET /api/webhooks/:id/deliveries': { summary: "Les derniers envois d'un webhook et les réponses reçues" },
  'POST /api/webhooks/:id/deliveries/:delivery/resend': { summary: "Renvoyer un événement à un webhook (le même identifiant)" },
  'POST /api/rapports': { summary: 'Envoyer un rapport de problème (connecté ou non, limité par adresse)' },
  'GET /api/rapports': { summary: 'Les rapports de problème reçus (administrateurs)' },
  'GET /api/rapports/:id': { summary: 'Un rapport de problème : le fichier envoyé, sa référence, son état et ses dates (administrateurs)' },
  'PATCH /api/rapports/:id': { summary: 'Marquer un rapport traité ou à traiter (administrateurs)' },
  'DELETE /api/rapports/:id': { summary: 'Supprimer un rapport de problème (administrateurs)' },
  'GET /api/rapports/:id/journal': { summary: 'Les lignes du journal du serveur des requêtes d’un rapport (administrateurs)' },
  'GET /api/rapports/:id/piles': { summary: 'Les piles d’appels d’un rapport lues dans les sources du build servi (administrateurs)' },
  'GET /api/visitor/me': { summary: 'Le visiteur et sa liste', security: 'visitor' },
  'POST /api/visitor/liste': { summary: 'Créer la liste du visiteur', security: 'visitor' },
  'POST /api/visitor/follow': { summary: 'Suivre une chaîne', security: 'visitor' },
  'POST /api/visitor/unfollow': { summary: 'Ne plus suivre une chaîne', security: 'visitor' },
  'POST /api/visitor/subscriptions/import': { summary: 'Importer des abonnements (Takeout, OPML, NewPipe, FreeTube)', security: 'visitor' },
  'GET /api/visitor/subscriptions/export': { summary: 'Exporter les abonnements (OPML, NewPipe ou FreeTube)', security: 'visitor' },
  'POST /api/feeds/refresh': { summary: 'Rafraîchir maintenant le flux de chaque chaîne (administrateur)' },
  'PATCH /api/visitor/me': { summary: 'Régler le résumé par e-mail du visiteur', security: 'visitor' },
  'POST /api/visitor/seen': { summary: 'Marquer vues les vidéos d’une chaîne, de toutes, ou une vidéo regardée', security: 'visitor' },
  'PUT /api/visitor/groupes/:name': { summary: 'Créer ou remplacer un groupe de chaînes', security: 'visitor' },
  'DELETE /api/visitor/groupes/:name': { summary: 'Supprimer un groupe de chaînes', security: 'visitor' },
  'POST /api/visitor/videos/:videoId': { summary: 'Garder une vidéo pour plus tard, la masquer, ou ni l’un ni l’autre', security: 'visitor' },
  'GET /api/visitor/videos': { summary: 'Les nouveautés, les vidéos gardées pour plus tard ou masquées du visiteur', security: 'visitor' },
  'POST /api/visitor/feed': { summary: 'Renouveler l’adresse du flux privé (l’ancienne ne répond plus)', security: 'visitor' },
  'GET /api/visitor/notes': { summary: 'Les notes du visiteur, les plus récentes d’abord (recherche sans accents ni casse)', security: 'visitor' },
  'POST /api/visitor/notes': { summary: 'Écrire une note à un moment d’une vidéo (la même note n’est gardée qu’une fois)', security: 'visitor' },
  'POST /api/visitor/notes/merge': { summary: 'Fusionner les notes d’un navigateur dans celles de l’espace', security: 'visitor' },
  'PATCH /api/visitor/notes/:id': { summary: 'Modifier le moment ou le texte d’une note', security: 'visitor' },
  'DELETE /api/visitor/notes/:id': { summary: 'Supprimer une note', security: 'visitor' },
  'GET /api/visitor/history': { summary: 'L’historique du visiteur : où il s’est arrêté dans chaque vidéo, la plus récente d’abord', security: 'visitor' },
  'PUT /api/visitor/history/:videoId': { summary: 'Enregistrer où le visiteur s’est arrêté dans une vidéo (vue au-delà de 90 %)', security: 'visitor' },
  'DELETE /api/visitor/history/:videoId': { summary: 'Retirer une vidéo de l’historique', security: 'visitor' },
  'DELETE /api/visitor/history': { summary: 'Effacer l’historique', security: 'visitor' },
  'POST /api/visitor/sign-in-link': { summary: 'Recevoir par e-mail un lien vers son espace (la même réponse pour toute adresse)' },
  'GET /api/visitor/digest/unsubscribe/:token': { summary: 'Page du désabonnement du résumé par e-mail (question)' },
  'POST /api/visitor/digest/unsubscribe/:token': { summary: 'Se désabonner du résumé (bouton ou désabonnement en un clic)' },
  'GET /api/visitor/feed/:key': { summary: 'Le flux Atom privé d’un visiteur (la clé de son adresse fait foi)' },
  'GET /api/discours': { summary: 'Discours' },
  'POST /api/discours': { summary: 'Créer un discours' },
  'GET /api/discours/:id': { summary: 'Un discours' },
  'PATCH /api/discours/:id': { summary: 'Modifier un discours' },
  'GET /api/recipients': { summary: 'Destinataires' },
  'POST /api/recipients': { summary: 'Créer un destinataire' },
  'GET /api/recipients/:id': { summary: 'Un destinataire' },
  'PATCH /api/recipients/:id': { summary: 'Le destinataire modifie sa fiche avec son jeton', security: 'recipient' },
  'POST /api/localToProd': { summary: 'Créer ou mettre à jour un destinataire par e-mail' },
  'POST /api/localToProd/list': { summary: 'Créer ou mettre à jour des destinataires par e-mail' },
  'GET /api/sequence/clean': { summary: 'Nettoyer les séquences enregistrées' },
  'GET /api/deliveries': { summary: 'Modèles de message' },
  'POST /api/deliveries': { summary: 'Créer un modèle de message' },
  'GET /api/deliveries/:id': { summary: 'Un modèle de message' },
  'PATCH /api/deliveries/:id': { summary: 'Modifier un modèle de message' },
  'GET /api/deliveryAll/:ref': { summary: 'Un modèle par identifiant ou nom interne' },
  'POST /api/delivery/new': { summary: 'Créer ou remplacer un modèle' },
  'POST /api/delivery/amp/validation': { summary: "Vérifier un code AMP selon les règles d'AMP pour e-mail" },
  'GET /api/delivery/starters': { summary: 'Les modèles de départ de « Nouveau modèle » (HTML, texte et AMP)' },
  'POST /api/amp/bo/modele/new': { summary: 'Créer un modèle AMP' },
  'POST /api/sendEmail': { summary: "Envoyer un modèle à une liste" },
  'GET /api/sends': { summary: 'Envois' },
  'GET /api/sends/:id': { summary: "Un envoi et son avancement" },
  'POST /api/sends/:id/:action': { summary: 'Suspendre, reprendre ou annuler un envoi' },
  'PATCH /api/sends/:id': { summary: "Changer l'heure d'un envoi planifié" },
  'GET /api/sends/:id/report': { summary: "Le rapport d'un envoi (chronologie, liens, échecs, rejets)" },
  'GET /api/sends/:id/outcomes.csv': {
    summary: "Le résultat de chaque contact d'un envoi, en CSV (jeton d'accès, ou lien de téléchargement ?download=…)",
  },
  'POST /api/sends/:id/outcomes.csv/download': { summary: "Lien de téléchargement du résultat d'un envoi en CSV, valable une minute" },
  'GET /api/schedules': { summary: 'Envois récurrents planifiés' },
  'POST /api/schedules': { summary: "Planifier l'envoi d'un modèle à une liste" },
  'GET /api/schedules/:id': { summary: 'Un envoi planifié et ses occurrences, envoyées ou sautées avec leur motif' },
  'DELETE /api/schedules/:id': { summary: 'Arrêter un envoi planifié' },
  'GET /api/t/c/:token': { summary: "Suivre un lien d'un message (redirection signée)", security: 'recipient' },
  'GET /api/t/o/:token': { summary: "Compter l'ouverture d'un message (image 1×1)", security: 'recipient' },
  'POST /api/bounces/:service': { summary: "Rejets et plaintes signalés par un service d'envoi (SES, SendGrid, Postmark, générique)" },
  'POST /api/email/encoded': { summary: 'Envoyer un BAT (message de test)' },
  'POST /api/email/preview': { summary: "Aperçu d'un message" },
  'GET /api/newsletters/:id': { summary: "Une lettre envoyée, telle que sa page publique la montre (sauf modèle privé)" },
  'POST /api/amp/notes': { summary: "Noter une vidéo depuis la boîte de réception (formulaire AMP d'un e-mail)", security: 'recipient' },
  'GET /api/email/variables': { summary: 'Les variables que tout message peut employer (contact, liens)' },
  'GET /api/mail/domain': { summary: "Le domaine d'envoi : enregistrements DNS à publier (DKIM, SPF, DMARC) et leur état" },
  'GET /api/unsubscribe/:token': { summary: 'Page de désabonnement (question)', security: 'recipient' },
  'POST /api/unsubscribe/:token': { summary: 'Se désabonner (bouton ou désabonnement en un clic)', security: 'recipient' },
  'POST /api/video/rating': { summary: 'Noter une vidéo' },
  'GET /api/video/rating': { summary: "Notes d'une vidéo" },
  'GET /api/video/rating/mine': { summary: 'Les notes du visiteur sur une vidéo', security: 'visitor' },
  'POST /api/telegram/bot': { summary: 'Publier par le bot Telegram' },
  'GET /api/recipients/:id/socialMedia': { summary: "Réseaux sociaux d'un destinataire" },
  'POST /api/getSocialMediaInfo': { summary: "Informations de réseaux sociaux d'un destinataire" },
  'POST /api/youtube/:n': { summary: 'Vérifier une chaîne YouTube' },
  'POST /api/twitter/:n': { summary: 'Vérifier un compte X' },
  'POST /api/twitter/post': { summary: 'Publier sur X' },
  'POST /api/socialMedia/youtube': { summary: 'Vérifier la chaîne YouTube de destinataires' },
  'POST /api/socialMedia/youtube/list': { summary: "Vérifier les chaînes YouTube d'une liste" },
  'POST /api/videosocialmedia/last': { summary: 'Dernières vidéos des réseaux sociaux' },
  'POST /api/grps/:id/subscribe': { summary: "S'abonner à une liste qui demande une confirmation par e-mail (double opt-in)" },
  'GET /api/automations': { summary: 'Automatisations' },
  'POST /api/automations': { summary: 'Créer une automatisation' },
  'GET /api/automations/:id': { summary: 'Une automatisation et les chiffres de ses étapes' },
  'PATCH /api/automations/:id': { summary: 'Modifier une automatisation (étapes, pause, reprise)' },
  'POST /api/automations/:id/activate': { summary: 'Activer une automatisation (avec ou sans les contacts déjà dans la liste)' },
  'GET /api/automations/:id/contacts/:contactId': { summary: "Le parcours d'un contact dans une automatisation" },
  'GET /api/audience': {
    summary: 'Console d’audience : par créateur suivi, abonnés, nouveaux abonnés, résumés, notes et meilleures vidéos (les catégories de l’appelant ; toutes pour un administrateur)',
  },
  'GET /api/audience/:channelId': { summary: 'Les chiffres d’un créateur et leur série par semaine (26 semaines au plus)' },
  'GET /api/audience.csv': { summary: 'La console d’audience en CSV (jeton d’accès, ou lien de téléchargement ?download=…)' },
  'POST /api/audience.csv/download': { summary: 'Lien de téléchargement de la console d’audience en CSV, valable une minute' },
  'GET /api/confirmations/:token': { summary: "Ce qu'un lien de confirmation confirme (ne change rien)" },
  'POST /api/confirmations/:token': { summary: 'Confirmer (le bouton de la page de confirmation)' },
};

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * Makes the OpenAPI document tell the truth about every /api route: its security (bearer
 * when it runs `authenticate`), its French summary, and its refusals (4xx/5xx answer the
 * ErrorAnswer shape). It also records the route table the test suites walk.
 */
export function describeRoutes(app: FastifyInstance, authenticate: unknown): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addSchema(ErrorAnswer);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const hooks = [route.onRequest ?? []].flat();
    for (const method of methodsOf(route)) {
      if (method === 'HEAD') continue;
      const operation = OPERATIONS[`${method} ${route.url}`];
      const security: Security = hooks.includes(authenticate as never) ? 'bearer' : (operation?.security ?? 'none');
      // Every signed-in route states who may call it (shared/access.ts): a missing one is a bug found at start.
      if (security === 'bearer' && !accessOf(method, route.url)) throw new Error(`${method} ${route.url} has no access rule in server/shared/access.ts`);
      const accepts = (route.config as { accepts?: string } | undefined)?.accepts;
      routes.push({ method, url: route.url, security, ...(accepts ? { accepts } : {}) });
      const schema = (route.schema ??= {}) as Record<string, unknown>;
      if (operation && schema.summary === undefined) schema.summary = operation.summary;
      schema.security = SECURITY_REQUIREMENT[security];
      // HTML pages (unsubscribe) answer their refusals as pages.
      if (route.url.startsWith('/api/unsubscribe/')) continue;
      const response = (schema.response ??= {}) as Record<string, TSchema>;
      response['4xx'] ??= Type.Ref(ErrorAnswer);
      response['5xx'] ??= Type.Ref(ErrorAnswer);
    }
  });
}
