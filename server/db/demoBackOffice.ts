import type { Config } from '../config';
import type { Queryable } from './db';
import { newRecipientToken } from '../modules/recipients/repository';

interface DemoList {
  subject: string;
  contacts: [email: string, firstname: string, lastname: string, phone: string][];
}

const OPERATOR_LISTS: DemoList[] = [
  {
    subject: 'Newsletter mensuelle',
    contacts: [
      ['lea.martin@example.org', 'Léa', 'Martin', '0601020304'],
      ['hugo.bernard@example.org', 'Hugo', 'Bernard', '0611223344'],
      ['chloe.dubois@example.org', 'Chloé', 'Dubois', '0622334455'],
      ['lucas.thomas@example.org', 'Lucas', 'Thomas', '0633445566'],
      ['manon.robert@example.org', 'Manon', 'Robert', '0644556677'],
    ],
  },
  {
    subject: 'Partenaires YouTube',
    contacts: [
      ['contact@chaine-eco.example.org', 'Camille', 'Petit', '0655667788'],
      ['studio@crypto-hebdo.example.org', 'Nathan', 'Durand', '0666778899'],
      ['hello@cine-critique.example.org', 'Inès', 'Leroy', '0677889900'],
    ],
  },
  { subject: 'Prospects salon 2026', contacts: [['jules.moreau@example.org', 'Jules', 'Moreau', '0688990011']] },
];

const ADMIN_LISTS: DemoList[] = [
  {
    subject: 'Équipe',
    contacts: [
      ['redaction@example.org', 'Sarah', 'Laurent', '0699001122'],
      ['technique@example.org', 'Louis', 'Simon', '0610203040'],
    ],
  },
];

const OPERATOR_RECIPIENTS = [
  ['emma.garcia@example.org', 'Emma', 'Garcia', 'EmmaFinance', 'emma_fi'],
  ['noah.roux@example.org', 'Noah', 'Roux', 'NoahCode', 'noahcode'],
  ['jade.fournier@example.org', 'Jade', 'Fournier', 'JadeCinema', 'jade_cine'],
];

const ADMIN_SPEECHES = [
  {
    name: 'bienvenue',
    label: 'Bienvenue',
    items: [
      ['accroche', 'Merci de nous suivre !'],
      ['offre', 'Recevez chaque semaine les meilleures vidéos de vos créateurs.'],
    ],
  },
  {
    name: 'relance',
    label: 'Relance',
    items: [['rappel', 'Vous ne nous avez pas lu depuis un moment.']],
  },
];

async function userId(tx: Queryable, email: string): Promise<number> {
  const [row] = await tx.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [email]);
  return row.id;
}

async function seedLists(tx: Queryable, owner: number, lists: DemoList[]): Promise<void> {
  for (const list of lists) {
    const [{ id }] = await tx.query<{ id: number }>('INSERT INTO grp (subject, user_id) VALUES ($1, $2) RETURNING id', [
      list.subject,
      owner,
    ]);
    for (const [email, firstname, lastname, phone] of list.contacts) {
      await tx.query(
        `INSERT INTO grp_rcp (grp_id, user_id, email, firstname, lastname, phone, origin)
         VALUES ($1, $2, $3, $4, $5, $6, 'demo')`,
        [id, owner, email, firstname, lastname, phone],
      );
    }
  }
}

/**
 * The console's demo content: lists with contacts for the operator and the admin, their
 * categories (each has one named after the product, holding its templates) and speeches, and a few
 * recipients of the operator that a list refresh can bring in.
 */
export async function seedBackOffice(tx: Queryable, config: Config): Promise<void> {
  const admin = await userId(tx, config.adminEmail);
  const operator = await userId(tx, config.operatorEmail);
  await seedLists(tx, operator, OPERATOR_LISTS);
  await seedLists(tx, admin, ADMIN_LISTS);

  const categories: [number, string, string, string][] = [
    [admin, config.productName, `Modèles ${config.productName}`, 'Les modèles de diffusion du produit.'],
    [admin, 'actu', 'Actualité', "Chaînes d'actualité."],
    [admin, 'crypto', 'crypto', 'Cryptomonnaies et blockchain.'],
    [admin, 'cinema', 'Cinéma', 'Critiques et bandes-annonces.'],
    [operator, config.productName, `Modèles ${config.productName}`, 'Les modèles de diffusion du produit.'],
    [operator, 'economie', 'economie', 'Créateurs économie suivis.'],
  ];
  for (const [owner, name, label, description] of categories) {
    await tx.query(
      `INSERT INTO category (name, label, description, user_id, profil, societe) VALUES ($1, $2, $3, $4, 'influenceur', 'tgm')`,
      [name, label, description, owner],
    );
  }

  for (const [index, speech] of ADMIN_SPEECHES.entries()) {
    const sequence = speech.items.map(([key, value], i) => ({ sequence: i + 1, key, value, type: 'text', profil: 'influenceur' }));
    await tx.query(
      `INSERT INTO discours (name, label, seq, sequence, origine, user_id) VALUES ($1, $2, $3, $4, 'demo', $5)`,
      [speech.name, speech.label, index + 1, JSON.stringify(sequence), admin],
    );
  }

  for (const [email, firstname, lastname, youtubename, twittername] of OPERATOR_RECIPIENTS) {
    await tx.query(
      `INSERT INTO recipient (token, email, firstname, lastname, youtubename, twittername, origin, user_id)
       VALUES ($1, $2, $3, $4, $5, $6, 'demo', $7)`,
      [newRecipientToken(), email, firstname, lastname, youtubename, twittername, operator],
    );
  }
}
