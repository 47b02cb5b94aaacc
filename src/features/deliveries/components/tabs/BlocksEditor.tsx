import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { encodeBase64 } from '../../../../shared/lib/base64';
import { usePreviewDeliveryMutation } from '../../api';
import { blocksToAmp, blocksToHtml, blocksToText } from '../../blocks/render';
import { BLOCK_TYPES, type BlockType, type EditorBlock } from '../../blocks/types';
import type { TabProps } from './types';

const t = frConsole.deliveries.blocks;
/** The widths the message is read at, as the Contenu tab's preview: a desktop client's 600 px, a phone's 375 px. */
const WIDTHS = { desktop: 600, phone: 375 } as const;
type Width = keyof typeof WIDTHS;
const PREVIEW_DELAY_MS = 300;
const HTTPS = /^https:\/\//;
const LINK = /^(https?:\/\/|mailto:|\{\{)/;

/** A new block of a kind, with words to replace. */
export function newBlock(type: BlockType): EditorBlock {
  const d = t.defaults;
  switch (type) {
    case 'title':
      return { type, text: d.title };
    case 'text':
      return { type, text: d.text };
    case 'image':
      return { type, src: 'https://', alt: d.alt, width: 600, height: 300, href: '' };
    case 'button':
      return { type, label: d.button, url: d.url };
    case 'columns':
      return { type, left: d.text, right: d.text };
    case 'divider':
      return { type };
    case 'videos':
      return { type, createurs: '', groupe: '' };
    case 'footer':
      return { type, text: d.footer };
  }
}

/** What a template turned into blocks starts from. */
export const FIRST_BLOCKS: EditorBlock[] = [newBlock('title'), newBlock('text'), newBlock('button'), newBlock('footer')];

/** The editor's preview shows the videos tag as a card saying what will be there. */
const videosCard = (block: { createurs: string; groupe: string }) =>
  `<div style="border:1px dashed #888888;border-radius:4px;padding:12px;color:#555555">${t
    .videosPlaceholder(block.createurs, block.groupe)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')}</div>`;

/**
 * Writes the three parts from the blocks: the text and AMP at once, the HTML as MJML answers
 * (the latest blocks' only).
 */
export function useWriteBlocks(change: TabProps['change']) {
  const latest = useRef(0);
  return useCallback(
    (blocks: EditorBlock[]) => {
      change({ blocks, text: blocksToText(blocks), codeAmp: blocksToAmp(blocks) });
      const run = ++latest.current;
      void blocksToHtml(blocks).then((html) => {
        if (run === latest.current) change({ html });
      });
    },
    [change],
  );
}

/**
 * The « Blocs » mode (issue 41): the blocks in order, each with its fields and buttons to move
 * or remove it, buttons to add one of each kind, and a live preview at a desktop's and a
 * phone's width. A template written in code is shown as such, and becomes blocks only when
 * the operator confirms.
 */
export function BlocksEditor({ draft, change }: TabProps) {
  const write = useWriteBlocks(change);
  const [converting, setConverting] = useState(false);
  const blocks = draft.blocks ?? null;
  const hasCode = Boolean(draft.html.trim() || draft.text.trim() || draft.codeAmp.trim());

  if (blocks === null && hasCode) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{t.codeTemplate}</Alert>
        <Box>
          <Button variant="outlined" onClick={() => setConverting(true)}>
            {t.convert}
          </Button>
        </Box>
        <ConfirmDialog
          open={converting}
          title={t.convertTitle}
          text={t.convertText}
          confirmColor="primary"
          onCancel={() => setConverting(false)}
          onConfirm={() => {
            setConverting(false);
            write(FIRST_BLOCKS);
          }}
        />
      </Stack>
    );
  }

  const list = blocks ?? [];
  const replace = (index: number, block: EditorBlock) => write(list.map((b, i) => (i === index ? block : b)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...list];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    write(next);
  };

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0, width: '100%' }} component="section" aria-labelledby="blocks-title">
        <Typography id="blocks-title" variant="subtitle1" component="h3">
          {t.listTitle}
        </Typography>
        {list.length === 0 && <Typography color="text.secondary">{t.empty}</Typography>}
        {list.map((block, index) => (
          <BlockCard
            key={index}
            block={block}
            index={index}
            count={list.length}
            onChange={(next) => replace(index, next)}
            onMove={(by) => move(index, by)}
            onRemove={() => write(list.filter((_b, i) => i !== index))}
          />
        ))}
        <Typography id="blocks-add-title" variant="subtitle2" component="h4">
          {t.addTitle}
        </Typography>
        <Stack direction="row" useFlexGap role="group" aria-labelledby="blocks-add-title" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {BLOCK_TYPES.map((type) => (
            <Tooltip key={type} title={t.add(t.kinds[type])}>
              <Button size="small" variant="outlined" onClick={() => write([...list, newBlock(type)])}>
                {t.kinds[type]}
              </Button>
            </Tooltip>
          ))}
        </Stack>
      </Stack>
      <BlocksPreview blocks={list} draft={draft} />
    </Stack>
  );
}

interface CardProps {
  block: EditorBlock;
  index: number;
  count: number;
  onChange: (block: EditorBlock) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function BlockCard({ block, index, count, onChange, onMove, onRemove }: CardProps) {
  const n = index + 1;
  const headingId = `block-${index}-title`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 1.5 }}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h4" sx={{ flex: 1 }}>
          {t.blockHeading(n, t.kinds[block.type])}
        </Typography>
        <Button size="small" aria-label={t.moveUp(n)} disabled={index === 0} onClick={() => onMove(-1)}>
          {t.up}
        </Button>
        <Button size="small" aria-label={t.moveDown(n)} disabled={index === count - 1} onClick={() => onMove(1)}>
          {t.down}
        </Button>
        <Button size="small" color="error" aria-label={t.remove(n)} onClick={onRemove}>
          {t.delete}
        </Button>
      </Stack>
      <BlockFields block={block} onChange={onChange} />
    </Paper>
  );
}

function BlockFields({ block, onChange }: { block: EditorBlock; onChange: (block: EditorBlock) => void }) {
  const f = t.fields;
  const text = (label: string, value: string, set: (value: string) => EditorBlock, options: { multiline?: boolean; error?: string } = {}) => (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(set(event.target.value))}
      size="small"
      fullWidth
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      error={Boolean(options.error)}
      helperText={options.error}
    />
  );
  switch (block.type) {
    case 'title':
      return text(f.title, block.text, (value) => ({ ...block, text: value }));
    case 'text':
      return text(f.text, block.text, (value) => ({ ...block, text: value }), { multiline: true });
    case 'footer':
      return (
        <Stack spacing={0.5}>
          {text(f.footer, block.text, (value) => ({ ...block, text: value }), { multiline: true })}
          <Typography variant="body2" color="text.secondary">
            {t.footerNote}
          </Typography>
        </Stack>
      );
    case 'button':
      return (
        <Stack spacing={1}>
          {text(f.label, block.label, (value) => ({ ...block, label: value }))}
          {text(f.url, block.url, (value) => ({ ...block, url: value }), { error: LINK.test(block.url) ? undefined : t.linkRule })}
        </Stack>
      );
    case 'image': {
      const size = (label: string, value: number, set: (value: number) => EditorBlock, max: number) => (
        <TextField
          label={label}
          type="number"
          size="small"
          value={value}
          slotProps={{ htmlInput: { min: 1, max } }}
          onChange={(event) => onChange(set(Math.max(1, Math.min(max, Math.round(Number(event.target.value)) || 1))))}
        />
      );
      return (
        <Stack spacing={1}>
          {text(f.src, block.src, (value) => ({ ...block, src: value }), { error: HTTPS.test(block.src) && block.src.length > 8 ? undefined : t.httpsOnly })}
          {text(f.alt, block.alt, (value) => ({ ...block, alt: value }))}
          <Stack direction="row" spacing={1}>
            {size(f.width, block.width, (value) => ({ ...block, width: value }), 600)}
            {size(f.height, block.height, (value) => ({ ...block, height: value }), 2000)}
          </Stack>
          {text(f.href, block.href ?? '', (value) => ({ ...block, href: value }), {
            error: !block.href || LINK.test(block.href) ? undefined : t.linkRule,
          })}
        </Stack>
      );
    }
    case 'columns':
      return (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {text(f.left, block.left, (value) => ({ ...block, left: value }), { multiline: true })}
          {text(f.right, block.right, (value) => ({ ...block, right: value }), { multiline: true })}
        </Stack>
      );
    case 'videos': {
      // A quote or a brace would end the tag: they are left out as typed.
      const clean = (value: string) => value.replace(/["{}]/g, '');
      return (
        <Stack spacing={1}>
          {text(f.createurs, block.createurs, (value) => ({ ...block, createurs: clean(value) }))}
          {text(f.groupe, block.groupe, (value) => ({ ...block, groupe: clean(value) }))}
          <Typography variant="body2" color="text.secondary">
            {t.videosNote}
          </Typography>
        </Stack>
      );
    }
    case 'divider':
      return null;
  }
}

/**
 * The blocks' HTML as a contact's mail client shows it, at a desktop's or a phone's width: the
 * server renders it as the Contenu tab's preview does (variables at their examples), the videos
 * tag shown as a card; the HTML as written when the server cannot render it.
 */
function BlocksPreview({ blocks, draft }: { blocks: EditorBlock[]; draft: TabProps['draft'] }) {
  const [width, setWidth] = useState<Width>('desktop');
  const [html, setHtml] = useState<string | null>(null);
  const [preview] = usePreviewDeliveryMutation();
  const { subject, label, properties } = draft;
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void (async () => {
        const written = await blocksToHtml(blocks, { preview: { videos: videosCard } });
        const rendered = await preview({ subject, label, properties, codeHtml: [encodeBase64(written)], codeText: [], codeAmp: '' })
          .unwrap()
          .then((answer) => answer.html || written, () => written);
        if (current) setHtml(rendered);
      })();
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [blocks, subject, label, properties, preview]);
  return (
    <Stack spacing={1} component="section" aria-labelledby="blocks-preview-title" sx={{ flexShrink: 0, maxWidth: '100%' }}>
      <Typography id="blocks-preview-title" variant="subtitle1" component="h3">
        {t.preview}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={width}
        onChange={(_event, next: Width | null) => next && setWidth(next)}
        aria-label={frConsole.templates.previewWidth}
      >
        <ToggleButton value="desktop">{frConsole.templates.desktop(WIDTHS.desktop)}</ToggleButton>
        <ToggleButton value="phone">{frConsole.templates.phone(WIDTHS.phone)}</ToggleButton>
      </ToggleButtonGroup>
      {html === null ? (
        <Typography color="text.secondary">{t.rendering}</Typography>
      ) : (
        <Box
          component="iframe"
          title={t.previewFrame}
          // No script runs in it, and it gets an origin of its own.
          sandbox=""
          srcDoc={html}
          data-width={WIDTHS[width]}
          sx={{ width: WIDTHS[width], maxWidth: '100%', height: 520, border: 1, borderColor: 'divider', bgcolor: 'common.white', display: 'block' }}
        />
      )}
    </Stack>
  );
}
