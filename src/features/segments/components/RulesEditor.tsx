import { Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { frSegments as t } from '../../../shared/i18n/frSegments';
import { ACTIVITIES, FIELDS, opsOf, type Activity, type ActivityRule, type FieldRule, type Op, type Rule } from '../types';

const isField = (rule: Rule): rule is FieldRule => 'field' in rule;
const needsValue = (op: Op) => op !== 'vide' && op !== 'non vide';
const OTHER = '__autre__';

/** One rule's row: a field, its operator and value; or an activity over one send or the last ones. */
function RuleRow({ rule, index, attribNames, onChange, onRemove }: { rule: Rule; index: number; attribNames: string[]; onChange: (rule: Rule) => void; onRemove: () => void }) {
  const label = t.rule(index + 1);
  if (isField(rule)) {
    const attrib = rule.field.startsWith('attribs.') ? rule.field.slice('attribs.'.length) : null;
    const known = attrib === null || attribNames.includes(attrib);
    const fieldValue = attrib === null ? rule.field : known ? rule.field : OTHER;
    const ops = opsOf(rule.field);
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} role="group" aria-label={label} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t.field}
          value={fieldValue}
          onChange={(event) => {
            const field = event.target.value === OTHER ? 'attribs.' : event.target.value;
            const op = opsOf(field).includes(rule.op) ? rule.op : opsOf(field)[0];
            onChange({ field, op, value: rule.value });
          }}
          sx={{ minWidth: 180 }}
        >
          {FIELDS.map((field) => (
            <MenuItem key={field} value={field}>
              {t.fields[field]}
            </MenuItem>
          ))}
          {attribNames.map((name) => (
            <MenuItem key={name} value={`attribs.${name}`}>
              {t.attrib(name)}
            </MenuItem>
          ))}
          <MenuItem value={OTHER}>{t.otherAttrib}</MenuItem>
        </TextField>
        {fieldValue === OTHER && (
          <TextField size="small" label={t.attribName} value={attrib ?? ''} onChange={(event) => onChange({ ...rule, field: `attribs.${event.target.value}` })} />
        )}
        <TextField select size="small" label={t.op} value={rule.op} onChange={(event) => onChange({ ...rule, op: event.target.value as Op })} sx={{ minWidth: 150 }}>
          {ops.map((op) => (
            <MenuItem key={op} value={op}>
              {op}
            </MenuItem>
          ))}
        </TextField>
        {needsValue(rule.op) && (
          <TextField
            size="small"
            label={t.value}
            type={rule.field === 'created' ? 'date' : 'text'}
            slotProps={rule.field === 'created' ? { inputLabel: { shrink: true } } : undefined}
            value={rule.value === undefined || rule.value === null ? '' : String(rule.value)}
            onChange={(event) => onChange({ ...rule, value: event.target.value })}
          />
        )}
        <IconButton aria-label={t.removeRule(index + 1)} onClick={onRemove}>
          ×
        </IconButton>
      </Stack>
    );
  }
  const activity = rule as ActivityRule;
  const byLast = activity.send === undefined;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} role="group" aria-label={label} sx={{ alignItems: { sm: 'center' } }}>
      <TextField select size="small" label={t.activity} value={activity.activity} onChange={(event) => onChange({ ...activity, activity: event.target.value as Activity })} sx={{ minWidth: 170 }}>
        {ACTIVITIES.map((a) => (
          <MenuItem key={a} value={a}>
            {a}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t.activityOf}
        value={byLast ? 'last' : 'send'}
        onChange={(event) => onChange(event.target.value === 'last' ? { activity: activity.activity, last: 5 } : { activity: activity.activity, send: 1 })}
        sx={{ minWidth: 170 }}
      >
        <MenuItem value="last">{t.byLast}</MenuItem>
        <MenuItem value="send">{t.bySend}</MenuItem>
      </TextField>
      <TextField
        size="small"
        type="number"
        label={byLast ? t.lastCount : t.sendId}
        value={byLast ? (activity.last ?? '') : (activity.send ?? '')}
        onChange={(event) => {
          const n = Number(event.target.value);
          onChange(byLast ? { activity: activity.activity, last: n } : { activity: activity.activity, send: n });
        }}
        sx={{ maxWidth: 200 }}
      />
      <IconButton aria-label={t.removeRule(index + 1)} onClick={onRemove}>
        ×
      </IconButton>
    </Stack>
  );
}

/** A segment's rules, edited one row each; the server checks them (a 400 names the rule). */
export function RulesEditor({ rules, attribNames, onChange }: { rules: Rule[]; attribNames: string[]; onChange: (rules: Rule[]) => void }) {
  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {t.rules}
      </Typography>
      {rules.length === 0 && <Typography variant="body2">{t.noRules}</Typography>}
      {rules.map((rule, index) => (
        <RuleRow
          key={index}
          rule={rule}
          index={index}
          attribNames={attribNames}
          onChange={(changed) => onChange(rules.map((r, i) => (i === index ? changed : r)))}
          onRemove={() => onChange(rules.filter((_, i) => i !== index))}
        />
      ))}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => onChange([...rules, { field: attribNames[0] ? `attribs.${attribNames[0]}` : 'email', op: 'égal', value: '' }])}>
          {t.addFieldRule}
        </Button>
        <Button size="small" variant="outlined" onClick={() => onChange([...rules, { activity: 'a ouvert', last: 5 }])}>
          {t.addActivityRule}
        </Button>
      </Stack>
    </Stack>
  );
}
