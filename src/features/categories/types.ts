/** A category ("theme" in places of the spec), spec §3. */
export interface Category {
  id: number;
  name: string;
  label: string;
  description: string;
  lastModified: string;
  user: number;
  profil: string;
  societe: string;
}

export type CategoryDraft = Pick<Category, 'name' | 'label' | 'description'>;

/** The console's category query: the user's, for a profile and the company tag (spec §7.3). */
export interface CategoriesFilter {
  user: number;
  profil?: string;
  societe?: string;
  name?: string;
}
