import { baseApi, members, mergePatch, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { CategoriesFilter, Category, CategoryDraft } from './types';

/**
 * The categories of one name: names are unique per user (issue 14), so the API's default page
 * holds them all and no screen reads a whole collection.
 */
function categoriesUrl(filter: CategoriesFilter & { name: string }): string {
  const query = new URLSearchParams({ user: String(filter.user) });
  for (const key of ['profil', 'societe', 'name'] as const) if (filter[key]) query.set(key, filter[key]);
  return `/categories?${query.toString()}`;
}

export const categoriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], CategoriesFilter & { name: string }>({
      query: categoriesUrl,
      transformResponse: (collection: HydraCollection<Category>) => members(collection),
      providesTags: (categories = []) => [
        { type: 'Category', id: 'LIST' },
        ...categories.map((c) => ({ type: 'Category' as const, id: c.id })),
      ],
    }),
    getCategoriesPage: build.query<TablePage<Category>, CategoriesFilter & { query: TableQuery }>({
      query: ({ query, ...filter }) => ({
        url: '/categories',
        params: { ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')), ...hydraParams(query) },
      }),
      transformResponse: (collection: HydraCollection<Category>) => toPage(collection),
      providesTags: (page) => [{ type: 'Category', id: 'LIST' }, ...(page?.rows ?? []).map((c) => ({ type: 'Category' as const, id: c.id }))],
    }),
    createCategory: build.mutation<Category, CategoryDraft & { profil: string; societe: string }>({
      query: (body) => ({ url: '/categories', method: 'POST', body }),
      invalidatesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    updateCategory: build.mutation<Category, { id: number; patch: Partial<CategoryDraft> }>({
      query: ({ id, patch }) => mergePatch(`/categories/${id}`, patch),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Category', id }],
    }),
  }),
});

export const { useGetCategoriesQuery, useGetCategoriesPageQuery, useCreateCategoryMutation, useUpdateCategoryMutation } = categoriesApi;
