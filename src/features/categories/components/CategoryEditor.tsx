import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { appConfig } from '../../../shared/config/appConfig';
import { COMPANY_TAG } from '../../../shared/config/profiles';
import { fr } from '../../../shared/i18n/fr';
import { frConsole } from '../../../shared/i18n/frConsole';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from '../api';
import { categoryChoices } from '../names';
import type { Category, CategoryDraft } from '../types';

interface Props {
  /** The category to edit; none creates one. */
  category?: Category;
  onClose: () => void;
}

/** The category editor modal: a name from the enumeration (or the product's), a label, a description. */
export function CategoryEditor({ category, onClose }: Props) {
  const choices = categoryChoices(appConfig.productName);
  const [draft, setDraft] = useState<CategoryDraft>(
    category ? { name: category.name, label: category.label, description: category.description } : { name: '', label: '', description: '' },
  );
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [create, creating] = useCreateCategoryMutation();
  const [update, updating] = useUpdateCategoryMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      if (category) await update({ id: category.id, patch: draft }).unwrap();
      else await create({ ...draft, profil: 'influenceur', societe: COMPANY_TAG }).unwrap();
      onClose();
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  // Picking a name proposes its label, unless one was typed.
  const pickName = (name: string) => {
    const known = (value: string) => choices.some((choice) => choice.label === value);
    const label = !draft.label || known(draft.label) ? (choices.find((c) => c.name === name)?.label ?? '') : draft.label;
    setDraft({ ...draft, name, label });
  };

  const title = category ? frConsole.categories.editTitle(category.label) : frConsole.categories.newCategory;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="category-editor-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="category-editor-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField select label={frConsole.categories.name} value={draft.name} onChange={(event) => pickName(event.target.value)}>
              {choices.map((choice) => (
                <MenuItem key={choice.name} value={choice.name}>
                  {choice.label === choice.name ? choice.name : `${choice.label} (${choice.name})`}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={frConsole.categories.label}
              value={draft.label}
              onChange={(event) => setDraft({ ...draft, label: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label={frConsole.categories.description}
              multiline
              minRows={3}
              value={draft.description}
              onChange={(event) => setDraft({ ...draft, description: event.target.value })}
            />
          </Stack>
          <Feedback message={result} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{fr.common.cancel}</Button>
          <Button type="submit" variant="contained" disabled={!draft.name || creating.isLoading || updating.isLoading}>
            {fr.common.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
