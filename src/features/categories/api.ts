import { baseApi, members, mergePatch, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import { COLLECTION_PAGE_MAX } from '../../shared/config/constants';
import type { CategoriesFilter, Category, CategoryDraft } from './types';

function categoriesUrl(filter: CategoriesFilter): string {
  const query = new URLSearchParams({ user: String(filter.user) });
  for (const key of ['profil', 'societe', 'name'] as const) if (filter[key]) query.set(key, filter[key]);
  query.set('itemsPerPage', String(COLLECTION_PAGE_MAX));
  return `/categories?${query.toString()}`;
}

export const categoriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], CategoriesFilter>({
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
