import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { Button, Stack, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { selectIsAdmin, selectSessionUser } from '../../../shared/session';
import { useGetDeliveriesQuery } from '../api';
import { DeliveryEditor } from './DeliveryEditor';

/**
 * The templates of a category (spec §2.5): a '+' that creates one (admin) and a button per
 * existing template, which opens it in the editor.
 */
export function CategoryTemplates({ category }: { category: string }) {
  const user = useSelector(selectSessionUser);
  const isAdmin = useSelector(selectIsAdmin);
  const { data: templates = [] } = useGetDeliveriesQuery(user ? { userId: user.id, category } : skipToken);
  // undefined: closed; null: a new template.
  const [open, setOpen] = useState<number | null | undefined>(undefined);

  return (
    <Stack component="section" aria-label={fr.deliveries.templatesOf(category)} spacing={1}>
      <Typography variant="h6" component="h2">
        {fr.deliveries.templatesOf(category)}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {isAdmin && (
          <Button
            variant="outlined"
            aria-label={fr.deliveries.newTemplate}
            title={fr.deliveries.newTemplate}
            onClick={() => setOpen(null)}
          >
            +
          </Button>
        )}
        {templates.map((template) => (
          <Button key={template.id} variant="contained" onClick={() => setOpen(template.id)}>
            {template.label || template.internalname}
          </Button>
        ))}
      </Stack>
      {open !== undefined && (
        <DeliveryEditor deliveryId={open} category={category} onClose={() => setOpen(undefined)} />
      )}
    </Stack>
  );
}
