import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { useFindOwnersQuery, useGetOwnerQuery, type Owner } from '../../api';

/** The admin's "Propriétaire": gives the template to a user, found by typing part of their e-mail. */
export function OwnerField({ userId, onChange }: { userId: number; onChange: (id: number) => void }) {
  const [search, setSearch] = useState('');
  const { data: current } = useGetOwnerQuery(userId);
  const { data: found = [], isFetching } = useFindOwnersQuery(search);
  const options: Owner[] = current && !found.some((o) => o.id === current.id) ? [current, ...found] : found;
  return (
    <Autocomplete
      options={options}
      value={current ?? null}
      loading={isFetching}
      getOptionLabel={(owner) => owner.email}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_event, owner) => owner && onChange(owner.id)}
      noOptionsText={frConsole.templates.noOwner}
      renderInput={(params) => <TextField {...params} label={frConsole.templates.owner} />}
    />
  );
}
