import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import { useFindListChoicesQuery, useGetListChoiceQuery, type ListChoice } from '../api';

interface Props {
  userId: number;
  label: string;
  /** The chosen list, if any (see `useActiveList`). */
  value: ListChoice | undefined;
  onChange: (list: ListChoice) => void;
  fullWidth?: boolean;
}

/**
 * A list chosen by typing part of its name: the server searches the user's active lists, twenty
 * at a time, so a user with thousands of lists never loads them all (issue 14).
 */
export function ListField({ userId, label, value: current, onChange, fullWidth }: Props) {
  const [search, setSearch] = useState('');
  const { data: found = [], isFetching } = useFindListChoicesQuery({ userId, search });
  const options = current && !found.some((l) => l.id === current.id) ? [current, ...found] : found;
  return (
    <Autocomplete
      options={options}
      value={current ?? null}
      loading={isFetching}
      getOptionLabel={(list) => list.subject}
      // Two lists may share a name: each option is keyed by its id, not by its label (MUI's default).
      renderOption={(props, list) => {
        const { key: _byLabel, ...option } = props;
        return (
          <li {...option} key={list.id}>
            {list.subject}
          </li>
        );
      }}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // The server has filtered already; the widget must not filter again on the chosen label.
      filterOptions={(all) => all}
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_event, list) => list && onChange({ id: list.id, subject: list.subject })}
      // The theme's MUI French locale words the buttons and the loading text.
      noOptionsText={frConsole.deliveries.listChoice.none}
      fullWidth={fullWidth}
      sx={{ minWidth: 240 }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/** The active list `id` names, or undefined (none, unknown, foreign or deleted). */
export function useActiveList(id: number | undefined): ListChoice | undefined {
  const { data } = useGetListChoiceQuery(id ?? 0, { skip: !id });
  return data && data.actif === 1 && data.id === id ? { id: data.id, subject: data.subject } : undefined;
}

/** Whether the user has any active list at all (an empty search found none). */
export function useHasLists(userId: number): boolean | undefined {
  const { data } = useFindListChoicesQuery({ userId, search: '' });
  return data === undefined ? undefined : data.length > 0;
}
