import { useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { Button, Stack, Typography } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import type { RecordRouting } from '../../../shared/lib/recordRouting';
import { useLocalRouting } from '../../../shared/ui/useLocalRouting';
import { selectIsAdmin, selectSessionUser } from '../../../shared/session';
import { useGetDeliveriesQuery } from '../api';
import { DeliveryEditor } from './DeliveryEditor';

/**
 * The templates of a category (spec §2.5): a '+' that creates one (admin) and a link per
 * existing template, which opens it in the editor at its address.
 */
export function CategoryTemplates({ category, routing: given }: { category: string; routing?: RecordRouting }) {
  const routing = useLocalRouting(given);
  const user = useSelector(selectSessionUser);
  const isAdmin = useSelector(selectIsAdmin);
  const { data: templates = [], isSuccess } = useGetDeliveriesQuery(user ? { userId: user.id, category } : skipToken);
  // A new template, before it has an id (and so an address).
  const [creating, setCreating] = useState(false);
  const [freshId, setFreshId] = useState<number | null>(null);

  return (
    <Stack component="section" aria-label={frConsole.deliveries.templatesOf(category)} spacing={1}>
      <Typography variant="h6" component="h2">
        {frConsole.deliveries.templatesOf(category)}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {isAdmin && (
          <Button
            variant="outlined"
            aria-label={frConsole.deliveries.newTemplate}
            title={frConsole.deliveries.newTemplate}
            onClick={() => setCreating(true)}
          >
            +
          </Button>
        )}
        {templates.map((template) => (
          <Button
            key={template.id}
            variant="contained"
            component={RouterLink}
            to={routing.href(template.id)}
            onClick={(event: MouseEvent) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              routing.open(template.id);
            }}
          >
            {template.label || template.internalname}
          </Button>
        ))}
      </Stack>
      {isSuccess && templates.length === 0 && !isAdmin && <Typography color="textSecondary">{frConsole.templates.noneYet(category)}</Typography>}
      {creating && (
        <DeliveryEditor
          deliveryId={null}
          category={category}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setFreshId(id);
            routing.open(id);
          }}
        />
      )}
      {routing.openId !== null && (
        <DeliveryEditor
          key={routing.openId}
          deliveryId={routing.openId}
          category={category}
          tab={routing.tab}
          onTab={(tab) => routing.openId !== null && routing.setTab(routing.openId, tab)}
          discardIfUntouched={routing.openId === freshId}
          onClose={() => {
            setFreshId(null);
            routing.close();
          }}
        />
      )}
    </Stack>
  );
}
