export { categoriesApi } from './api';
export { useCategoriesQuery } from './useCategoriesQuery';
export { CategoriesSection } from './components/CategoriesSection';
export type { Category } from './types';
