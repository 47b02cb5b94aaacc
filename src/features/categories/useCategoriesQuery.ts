import { useSelector } from 'react-redux';
import { COMPANY_TAG } from '../../shared/config/profiles';
import { selectSessionUser } from '../../shared/session';
import type { TableQuery } from '../../shared/ui/tableQuery';
import { useGetCategoriesPageQuery, useGetCategoriesQuery } from './api';

/**
 * The console's categories: the signed-in user's, of the influenceur profile and the company
 * tag (spec §7.3); `name` keeps one name, e.g. the product's (its templates' category).
 */
export function useCategoriesQuery({ name }: { name: string }) {
  const user = useSelector(selectSessionUser);
  return useGetCategoriesQuery({ user: user?.id ?? 0, profil: 'influenceur', societe: COMPANY_TAG, name }, { skip: !user });
}

/** A page of the console's categories, for their table. */
export function useCategoriesPageQuery(query: TableQuery) {
  const user = useSelector(selectSessionUser);
  return useGetCategoriesPageQuery({ user: user?.id ?? 0, profil: 'influenceur', societe: COMPANY_TAG, query }, { skip: !user });
}
