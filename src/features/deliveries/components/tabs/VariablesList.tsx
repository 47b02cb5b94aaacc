import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { useGetMessageVariablesQuery } from '../../api';
import type { DeliveryDraft } from '../../draft';

const t = frConsole.deliveries.variables;

interface Choice {
  name: string;
  label: string;
  /** What a click inserts, when more than `{{name}}` (a block with its parameters). */
  insert?: string;
}

/** The template's own names: its Data and Séquence keys (`{{key}}` renders their value). */
export function ownVariables(draft: DeliveryDraft): Choice[] {
  const seen = new Map<string, string>();
  for (const item of [...(draft.properties.sequence ?? []), ...(draft.properties.data ?? [])]) {
    if (/^[A-Za-z_]\w*$/.test(item.key)) seen.set(item.key, item.value);
  }
  return [...seen].map(([name, value]) => ({ name, label: t.own(value) }));
}

/**
 * Every variable the message can use, by group: the contact's fields and links (the server's
 * one list) and the template's own keys. A click (or Enter) inserts `{{name}}` where the
 * cursor was in the code editor last focused, named by `target`.
 */
export function VariablesList({ draft, target, onInsert }: { draft: DeliveryDraft; target: string; onInsert: (text: string) => void }) {
  const { data } = useGetMessageVariablesQuery();
  const shared = data?.variables;
  const groups: [string, Choice[]][] = [
    ['contact', shared?.filter((v) => v.group === 'contact') ?? []],
    // Each attribute the sender's contacts have; `attribs` alone is no value to insert.
    ['attribut', shared?.filter((v) => v.group === 'attribut' && v.name !== 'attribs') ?? []],
    ['lien', shared?.filter((v) => v.group === 'lien') ?? []],
    ['bloc', shared?.filter((v) => v.group === 'bloc') ?? []],
    ['own', ownVariables(draft)],
  ];
  return (
    <Box component="section" aria-labelledby="variables-title">
      <Typography id="variables-title" variant="subtitle2" component="h3">
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" id="variables-intro">
        {t.intro(target)}
      </Typography>
      {!shared && <LinearProgress aria-label={t.loading} sx={{ my: 1 }} />}
      {shared?.some((v) => v.group === 'attribut' && v.name !== 'attribs') && (
        <Typography variant="body2" color="text.secondary">
          {t.attribsHint}
        </Typography>
      )}
      {data?.ampForms && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} role="note">
          {data.ampForms}
        </Typography>
      )}
      {groups
        .filter(([, choices]) => choices.length > 0)
        .map(([group, choices]) => (
          <Stack key={group} direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center', mt: 0.5 }} role="group" aria-label={t.groups[group]}>
            <Typography variant="body2" component="span" sx={{ minWidth: 120 }}>
              {t.groups[group]}
            </Typography>
            {choices.map((choice) => (
              <Button
                key={choice.name}
                size="small"
                variant="outlined"
                aria-label={t.insert(choice.name, choice.label)}
                title={choice.label}
                aria-describedby="variables-intro"
                onClick={() => onInsert(choice.insert ?? `{{${choice.name}}}`)}
                sx={{ textTransform: 'none', fontFamily: 'monospace' }}
              >
                {`{{${choice.name}}}`}
              </Button>
            ))}
          </Stack>
        ))}
    </Box>
  );
}
