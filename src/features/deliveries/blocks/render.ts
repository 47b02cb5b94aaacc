import type { BlockParts, EditorBlock } from './types';

/**
 * One design, three parts (issue 41; docs/templates.md, «Blocks»): the blocks write the HTML
 * part through MJML (table-based, its styles inlined, one column on a phone), and the text and
 * AMP parts here, from the same blocks. The AMP part is written by hand because MJML's output
 * breaks AMP for Email's rules (`<style>` without amp-custom, `<img>`, `!important`, MSO
 * comments): it uses only allowed tags, `amp-img`, and one `<style amp-custom>`.
 */

/** The footer's links, in order, each a variable of docs/templates.md, «Variables». */
export const FOOTER_LINKS: readonly { label: string; variable: string }[] = [
  { label: 'Se désabonner', variable: 'unsubscribeUrl' },
  { label: 'Gérer mes abonnements', variable: 'preferencesUrl' },
];

/** The tag the videos block writes; the mail composer renders it (issue « The two faces meet »). */
export const videosTag = (block: { createurs: string; groupe: string }) =>
  `{{videos createurs="${block.createurs}" groupe="${block.groupe}" depuis="dernier envoi" max=6}}`;

const COLORS = { page: '#f4f4f7', ink: '#222222', muted: '#555555', accent: '#1a237e', rule: '#dddddd' };
const FONT = 'Arial, Helvetica, sans-serif';

/** Text in an element: `{{…}}` stays as written (Handlebars escapes what it writes). */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** Paragraphs split at blank lines; a single line break stays one. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => escapeText(paragraph).replace(/\n/g, '<br>'));

const footerLinks = (separator: string) =>
  FOOTER_LINKS.map((link) => `<a href="{{${link.variable}}}">${escapeText(link.label)}</a>`).join(separator);

export interface RenderOptions {
  /** The editor's preview: the videos tag shows as a card saying what will be there. */
  preview?: { videos: (block: { createurs: string; groupe: string }) => string };
}

// ---------------------------------------------------------------- HTML (MJML)

function mjmlBlock(block: EditorBlock, options: RenderOptions): string {
  switch (block.type) {
    case 'title':
      return `<mj-text font-size="24px" line-height="1.3" font-weight="bold" padding="16px 24px 8px"><h1 style="font-size:24px;line-height:1.3;margin:0">${escapeText(block.text)}</h1></mj-text>`;
    case 'text':
      return `<mj-text>${paragraphs(block.text).map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('')}</mj-text>`;
    case 'image': {
      const href = block.href ? ` href="${escapeAttribute(block.href)}"` : '';
      return `<mj-image src="${escapeAttribute(block.src)}" alt="${escapeAttribute(block.alt)}" width="${Math.min(block.width, 552)}px"${href} />`;
    }
    case 'button':
      return `<mj-button href="${escapeAttribute(block.url)}" background-color="${COLORS.accent}" color="#ffffff" font-size="16px" border-radius="4px" inner-padding="12px 20px">${escapeText(block.label)}</mj-button>`;
    case 'divider':
      return `<mj-divider border-width="1px" border-color="${COLORS.rule}" />`;
    case 'videos':
      return `<mj-text>${options.preview ? options.preview.videos(block) : videosTag(block)}</mj-text>`;
    case 'footer':
      return `<mj-text font-size="13px" color="${COLORS.muted}" padding-top="24px">${paragraphs(block.text).join('<br>')}<br>${footerLinks(' · ')}</mj-text>`;
    case 'columns':
      return '';
  }
}

/** The MJML of the blocks: one white 600 px section per run of blocks, two columns for a columns block. */
export function blocksToMjml(blocks: readonly EditorBlock[], options: RenderOptions = {}): string {
  const sections: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) sections.push(`<mj-section background-color="#ffffff"><mj-column>${run.join('')}</mj-column></mj-section>`);
    run = [];
  };
  for (const block of blocks) {
    if (block.type === 'columns') {
      flush();
      const column = (text: string) => `<mj-column><mj-text>${paragraphs(text).map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('')}</mj-text></mj-column>`;
      sections.push(`<mj-section background-color="#ffffff">${column(block.left)}${column(block.right)}</mj-section>`);
    } else run.push(mjmlBlock(block, options));
  }
  flush();
  return [
    '<mjml lang="fr">',
    `<mj-head><mj-attributes><mj-all font-family="${FONT}" /><mj-text font-size="16px" line-height="1.5" color="${COLORS.ink}" padding="8px 24px" /><mj-button padding="12px 24px" /></mj-attributes>`,
    `<mj-style>a{color:${COLORS.accent}}</mj-style></mj-head>`,
    `<mj-body background-color="${COLORS.page}" width="600px">${sections.join('')}</mj-body>`,
    '</mjml>',
  ].join('\n');
}

/** The HTML part: MJML (loaded with the editor only) turns the blocks' MJML into mail clients' HTML. */
export async function blocksToHtml(blocks: readonly EditorBlock[], options: RenderOptions = {}): Promise<string> {
  const { default: mjml2html } = await import('mjml-browser');
  const result = await mjml2html(blocksToMjml(blocks, options), { validationLevel: 'soft', keepComments: true });
  return result.html;
}

// ---------------------------------------------------------------- text

function textBlock(block: EditorBlock): string {
  switch (block.type) {
    case 'title':
      return `${block.text}\n${'='.repeat(Math.max(3, Math.min(block.text.length, 60)))}`;
    case 'text':
      return block.text.trim();
    case 'image':
      return block.href ? `[${block.alt}] : ${block.href}` : `[${block.alt}]`;
    case 'button':
      return `${block.label} : ${block.url}`;
    case 'columns':
      return `${block.left.trim()}\n\n${block.right.trim()}`;
    case 'divider':
      return '----------';
    case 'videos':
      return videosTag(block);
    case 'footer':
      return ['--', block.text.trim(), ...FOOTER_LINKS.map((link) => `${link.label} : {{${link.variable}}}`)].filter(Boolean).join('\n');
  }
}

/** The text part: the blocks in reading order, links written out. */
export const blocksToText = (blocks: readonly EditorBlock[]): string =>
  `${blocks
    .map(textBlock)
    .filter((part) => part !== '')
    .join('\n\n')}\n`;

// ---------------------------------------------------------------- AMP

const AMP_CSS = [
  `body{margin:0;padding:0;background:${COLORS.page};font-family:${FONT};color:${COLORS.ink}}`,
  '.wrap{max-width:600px;margin:0 auto;padding:16px 24px;background:#ffffff}',
  'h1{font-size:24px;line-height:1.3;margin:8px 0}',
  'p{font-size:16px;line-height:1.5;margin:0 0 12px}',
  `a{color:${COLORS.accent}}`,
  `.button{display:inline-block;padding:12px 20px;background:${COLORS.accent};color:#ffffff;text-decoration:none;border-radius:4px;font-size:16px}`,
  '.block{margin:0 0 12px}',
  '.cols{width:100%;border-collapse:collapse}',
  '.col{width:50%;vertical-align:top;padding:0 8px 0 0}',
  `hr{border:0;border-top:1px solid ${COLORS.rule};margin:16px 0}`,
  `.footer{font-size:13px;line-height:1.5;color:${COLORS.muted};margin-top:24px}`,
  '@media (max-width:480px){.wrap{padding:12px}.col{display:block;width:100%;padding:0}}',
].join('\n');

function ampBlock(block: EditorBlock): string {
  const ps = (text: string) => paragraphs(text).map((p) => `<p>${p}</p>`).join('\n');
  switch (block.type) {
    case 'title':
      return `<h1>${escapeText(block.text)}</h1>`;
    case 'text':
      return ps(block.text);
    case 'image': {
      const image = `<amp-img src="${escapeAttribute(block.src)}" alt="${escapeAttribute(block.alt)}" width="${block.width}" height="${block.height}" layout="responsive"></amp-img>`;
      return `<div class="block">${block.href ? `<a href="${escapeAttribute(block.href)}">${image}</a>` : image}</div>`;
    }
    case 'button':
      return `<p><a class="button" href="${escapeAttribute(block.url)}">${escapeText(block.label)}</a></p>`;
    case 'columns':
      return `<table class="cols" role="presentation"><tbody><tr><td class="col">${ps(block.left)}</td><td class="col">${ps(block.right)}</td></tr></tbody></table>`;
    case 'divider':
      return '<hr>';
    case 'videos':
      return `<div class="block">${videosTag(block)}</div>`;
    case 'footer':
      return `<p class="footer">${paragraphs(block.text).join('<br>')}<br>${footerLinks(' · ')}</p>`;
  }
}

/** The AMP part: AMP for Email's required head, one `<style amp-custom>`, allowed tags only. */
export const blocksToAmp = (blocks: readonly EditorBlock[]): string =>
  [
    '<!doctype html>',
    '<html ⚡4email data-css-strict lang="fr">',
    '<head>',
    '<meta charset="utf-8">',
    '<script async src="https://cdn.ampproject.org/v0.js"></script>',
    '<style amp4email-boilerplate>body{visibility:hidden}</style>',
    `<style amp-custom>\n${AMP_CSS}\n</style>`,
    '</head>',
    '<body>',
    '<div class="wrap">',
    ...blocks.map(ampBlock),
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');

/** The three parts of a template made of blocks. */
export async function renderBlocks(blocks: readonly EditorBlock[]): Promise<BlockParts> {
  return { html: await blocksToHtml(blocks), text: blocksToText(blocks), amp: blocksToAmp(blocks) };
}
