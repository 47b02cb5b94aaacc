/**
 * The starting points "Nouveau modèle" offers (issue 41; docs/templates.md, «Starting points»):
 * each made of blocks rendered three ways, so that its HTML, text and AMP parts say the same
 * thing. Every part carries the contact's `{{unsubscribeUrl}}` and `{{preferencesUrl}}` (so no
 * footer is added under it), the HTML and AMP fit a phone (one fluid column, at most 600 px wide, 16 px text), and
 * the AMP part keeps the AMP4EMAIL rules (`starters.test.ts` validates each).
 */

import type { Static } from '@sinclair/typebox';
import type { EditorBlock } from './schemas';

type EditorBlockValue = Static<typeof EditorBlock>;

type Block =
  | { kind: 'title'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'button'; text: string; href: string }
  | { kind: 'item'; title: string; text: string; href: string; link: string }
  /** The videos block (docs/templates.md, «Videos»): the creators' latest videos, as cards. */
  | { kind: 'videos'; createurs: string; groupe: string };

/** The tag the « Blocs » mode writes for a videos block, with the same parameters. */
const videosTag = (block: { createurs: string; groupe: string }) =>
  `{{videos createurs="${block.createurs}" groupe="${block.groupe}" depuis="dernier envoi" max=6}}`;

export interface Starter {
  /** The same message as blocks of the editor's « Blocs » mode (docs/templates.md, «Blocks»). */
  blocks: EditorBlockValue[];
  id: 'newsletter' | 'announcement' | 'videos' | 'letter';
  /** Its name in the editor's list. */
  label: string;
  /** What it is for, in one sentence. */
  description: string;
  subject: string;
  html: string;
  text: string;
  amp: string;
}

const GREETING = 'Bonjour{{#if firstname}} {{firstname}}{{/if}},';
const WHY = 'Vous recevez ce message parce que vous êtes inscrit(e) à notre liste.';
const UNSUBSCRIBE = 'Se désabonner';
const PREFERENCES = 'Gérer mes abonnements';

/** The one column's style: fluid on a phone, 600 px at most on a desktop. */
const CSS = [
  'body{margin:0;padding:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#222222}',
  '.wrap{max-width:600px;margin:0 auto;padding:16px;background:#ffffff}',
  'h1{font-size:24px;line-height:1.3;margin:0 0 16px}',
  'h2{font-size:18px;line-height:1.3;margin:16px 0 4px}',
  'p{font-size:16px;line-height:1.5;margin:0 0 16px}',
  'a{color:#1a237e}',
  '.button{display:inline-block;padding:12px 20px;background:#1a237e;color:#ffffff;text-decoration:none;border-radius:4px;font-size:16px}',
  '.footer{font-size:13px;line-height:1.5;color:#555555;border-top:1px solid #dddddd;padding-top:12px;margin-top:24px}',
  '@media (max-width:480px){.wrap{padding:12px}h1{font-size:22px}}',
].join('\n');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function bodyHtml(blocks: Block[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'title':
          return `<h1>${escapeHtml(block.text)}</h1>`;
        case 'paragraph':
          return `<p>${escapeHtml(block.text)}</p>`;
        case 'button':
          return `<p><a class="button" href="${block.href}">${escapeHtml(block.text)}</a></p>`;
        case 'item':
          return `<h2>${escapeHtml(block.title)}</h2>\n<p>${escapeHtml(block.text)} <a href="${block.href}">${escapeHtml(block.link)}</a></p>`;
        case 'videos':
          return videosTag(block);
      }
    })
    .join('\n');
}

const footerHtml = `<p class="footer">${WHY} <a href="{{unsubscribeUrl}}">${UNSUBSCRIBE}</a> · <a href="{{preferencesUrl}}">${PREFERENCES}</a></p>`;

function html(blocks: Block[]): string {
  return [
    '<!doctype html>',
    '<html lang="fr">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<style>\n${CSS}\n</style>`,
    '</head>',
    '<body>',
    '<div class="wrap">',
    `<p>${GREETING}</p>`,
    bodyHtml(blocks),
    footerHtml,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function amp(blocks: Block[]): string {
  return [
    '<!doctype html>',
    '<html ⚡4email data-css-strict lang="fr">',
    '<head>',
    '<meta charset="utf-8">',
    '<script async src="https://cdn.ampproject.org/v0.js"></script>',
    '<style amp4email-boilerplate>body{visibility:hidden}</style>',
    `<style amp-custom>\n${CSS}\n</style>`,
    '</head>',
    '<body>',
    '<div class="wrap">',
    `<p>${GREETING}</p>`,
    bodyHtml(blocks),
    footerHtml,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function text(blocks: Block[]): string {
  const lines = blocks.map((block) => {
    switch (block.kind) {
      case 'title':
        return `${block.text}\n${'='.repeat(Math.min(block.text.length, 60))}`;
      case 'paragraph':
        return block.text;
      case 'button':
        return `${block.text} : ${block.href}`;
      case 'item':
        return `${block.title}\n${block.text}\n${block.link} : ${block.href}`;
      case 'videos':
        return videosTag(block);
    }
  });
  return [GREETING, ...lines, `--\n${WHY}\n${UNSUBSCRIBE} : {{unsubscribeUrl}}\n${PREFERENCES} : {{preferencesUrl}}`].join('\n\n') + '\n';
}

/** The starter as blocks of the editor: the greeting, its blocks, then the footer and its unsubscribe link. */
function editorBlocks(blocks: Block[]): EditorBlockValue[] {
  const body = blocks.flatMap((block): EditorBlockValue[] => {
    switch (block.kind) {
      case 'title':
        return [{ type: 'title', text: block.text }];
      case 'paragraph':
        return [{ type: 'text', text: block.text }];
      case 'button':
        return [{ type: 'button', label: block.text, url: block.href }];
      case 'item':
        return [
          { type: 'text', text: `${block.title}\n${block.text}` },
          { type: 'button', label: block.link, url: block.href },
        ];
      case 'videos':
        return [{ type: 'videos', createurs: block.createurs, groupe: block.groupe }];
    }
  });
  return [{ type: 'text', text: GREETING }, ...body, { type: 'footer', text: WHY }];
}

function starter(id: Starter['id'], label: string, description: string, subject: string, blocks: Block[]): Starter {
  return { id, label, description, subject, html: html(blocks), text: text(blocks), amp: amp(blocks), blocks: editorBlocks(blocks) };
}

export const STARTERS: readonly Starter[] = [
  starter('newsletter', 'Lettre d’information', 'Un titre, une introduction et trois articles avec leur lien.', 'Les nouvelles du mois', [
    { kind: 'title', text: 'Les nouvelles du mois' },
    { kind: 'paragraph', text: 'Voici ce qui a retenu notre attention ce mois-ci. Remplacez ce texte par votre introduction.' },
    { kind: 'item', title: 'Premier article', text: 'Deux ou trois phrases qui donnent envie de lire la suite.', href: 'https://example.org/article-1', link: 'Lire la suite' },
    { kind: 'item', title: 'Deuxième article', text: 'Deux ou trois phrases qui donnent envie de lire la suite.', href: 'https://example.org/article-2', link: 'Lire la suite' },
    { kind: 'item', title: 'Troisième article', text: 'Deux ou trois phrases qui donnent envie de lire la suite.', href: 'https://example.org/article-3', link: 'Lire la suite' },
  ]),
  starter('announcement', 'Annonce', 'Une nouvelle, en quelques lignes, et un bouton vers la page qui la détaille.', 'Une annonce importante', [
    { kind: 'title', text: 'Une annonce importante' },
    { kind: 'paragraph', text: 'Dites en une phrase ce qui change, et pour qui. Ajoutez la date si elle compte.' },
    { kind: 'paragraph', text: 'Un second paragraphe peut donner le détail ou la raison.' },
    { kind: 'button', text: 'En savoir plus', href: 'https://example.org/annonce' },
  ]),
  starter('videos', 'Vidéos d’un créateur', 'Les dernières vidéos d’un créateur, chacune avec son lien.', 'Les dernières vidéos de la chaîne', [
    { kind: 'title', text: 'Les dernières vidéos de la chaîne' },
    {
      kind: 'paragraph',
      text: 'Les vidéos publiées depuis le dernier envoi s’affichent ci-dessous. Indiquez dans le bloc vidéos les chaînes (createurs) ou la catégorie (groupe) à suivre.',
    },
    { kind: 'videos', createurs: '', groupe: '' },
    { kind: 'button', text: 'Voir toute la chaîne', href: 'https://www.youtube.com/@CHAINE' },
  ]),
  starter('letter', 'Lettre simple', 'Quelques paragraphes et une signature, sans mise en page.', 'Un mot de notre part', [
    { kind: 'paragraph', text: 'Écrivez ici votre message, comme une lettre : un paragraphe par idée.' },
    { kind: 'paragraph', text: 'Un second paragraphe si besoin.' },
    { kind: 'paragraph', text: 'Bien cordialement,' },
    { kind: 'paragraph', text: 'L’équipe' },
  ]),
];
