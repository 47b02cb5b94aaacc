import { Button, Checkbox, FormControlLabel, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import type { Option, Step, StepCondition } from '../types';

const t = frConsole.automations;
const UNITS = { minutes: 1, heures: 60, jours: 24 * 60 } as const;
type Unit = keyof typeof UNITS;

/** A delay shown in the largest unit that writes it whole. */
export function splitDelay(minutes: number): { amount: number; unit: Unit } {
  if (minutes > 0 && minutes % UNITS.jours === 0) return { amount: minutes / UNITS.jours, unit: 'jours' };
  if (minutes > 0 && minutes % UNITS.heures === 0) return { amount: minutes / UNITS.heures, unit: 'heures' };
  return { amount: minutes, unit: 'minutes' };
}

interface Props {
  steps: Step[];
  deliveries: Option[];
  onChange: (steps: Step[]) => void;
}

/** The automation's steps as an ordered list (not a canvas): add, edit, move and remove. */
export function StepsEditor({ steps, deliveries, onChange }: Props) {
  const change = (index: number, patch: Partial<Step>) => onChange(steps.map((step, i) => (i === index ? { ...step, ...patch } : step)));
  const move = (index: number, by: number) => {
    const next = [...steps];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };
  const add = () =>
    onChange([...steps, { delivery: deliveries[0]?.id ?? 0, delayMinutes: steps.length ? 24 * 60 : 0, window: null, condition: 'toujours' }]);

  return (
    <Stack spacing={2} component="ol" aria-label={t.steps} sx={{ pl: 0, listStyle: 'none', m: 0 }}>
      {steps.length === 0 && <Typography component="li">{t.noSteps}</Typography>}
      {steps.map((step, index) => {
        const n = index + 1;
        const delay = splitDelay(step.delayMinutes);
        return (
          <Paper component="li" variant="outlined" key={step.id ?? `new-${index}`} sx={{ p: 2 }} aria-label={t.step(n)}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
                {t.step(n)}
              </Typography>
              <IconButton aria-label={t.moveUp(n)} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </IconButton>
              <IconButton aria-label={t.moveDown(n)} disabled={index === steps.length - 1} onClick={() => move(index, 1)}>
                ↓
              </IconButton>
              <IconButton aria-label={t.remove(n)} onClick={() => onChange(steps.filter((_, i) => i !== index))}>
                ×
              </IconButton>
            </Stack>
            <Stack spacing={2}>
              <TextField select size="small" label={t.delivery} value={step.delivery || ''} onChange={(e) => change(index, { delivery: Number(e.target.value) })}>
                {deliveries.map((d) => (
                  <MenuItem key={d.id} value={d.id}>
                    {d.label}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  size="small"
                  type="number"
                  label={t.delay}
                  helperText={t.delayHelp(index === 0)}
                  value={delay.amount}
                  slotProps={{ htmlInput: { min: 0 } }}
                  onChange={(e) => change(index, { delayMinutes: Math.max(0, Math.round(Number(e.target.value) || 0)) * UNITS[delay.unit] })}
                />
                <TextField
                  select
                  size="small"
                  label={t.unit}
                  value={delay.unit}
                  onChange={(e) => change(index, { delayMinutes: delay.amount * UNITS[e.target.value as Unit] })}
                  sx={{ minWidth: 120 }}
                >
                  {Object.keys(UNITS).map((unit) => (
                    <MenuItem key={unit} value={unit}>
                      {t.units[unit]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  label={t.condition}
                  value={step.condition}
                  onChange={(e) => change(index, { condition: e.target.value as StepCondition })}
                  sx={{ minWidth: 240 }}
                >
                  {Object.keys(t.conditions).map((condition) => (
                    <MenuItem key={condition} value={condition}>
                      {t.conditions[condition]}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={step.window !== null}
                    onChange={(e) => change(index, { window: e.target.checked ? { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' } : null })}
                  />
                }
                label={t.window}
              />
              {step.window && (
                <Stack spacing={1}>
                  <Stack direction="row" component="fieldset" sx={{ flexWrap: 'wrap', border: 0, p: 0, m: 0 }}>
                    <Typography component="legend" variant="body2">
                      {t.windowDays}
                    </Typography>
                    {t.days.map((label, dayIndex) => {
                      const day = dayIndex + 1;
                      const window = step.window!;
                      return (
                        <FormControlLabel
                          key={label}
                          label={label}
                          control={
                            <Checkbox
                              size="small"
                              checked={window.days.includes(day)}
                              onChange={(e) =>
                                change(index, {
                                  window: { ...window, days: e.target.checked ? [...window.days, day].sort() : window.days.filter((d) => d !== day) },
                                })
                              }
                            />
                          }
                        />
                      );
                    })}
                  </Stack>
                  <Stack direction="row" spacing={1}>
                    <TextField size="small" type="time" label={t.from} value={step.window.from} onChange={(e) => change(index, { window: { ...step.window!, from: e.target.value } })} slotProps={{ inputLabel: { shrink: true } }} />
                    <TextField size="small" type="time" label={t.to} value={step.window.to} onChange={(e) => change(index, { window: { ...step.window!, to: e.target.value } })} slotProps={{ inputLabel: { shrink: true } }} />
                  </Stack>
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}
      <li>
        <Button variant="outlined" onClick={add} disabled={deliveries.length === 0}>
          {t.addStep}
        </Button>
      </li>
    </Stack>
  );
}
