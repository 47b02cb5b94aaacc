export { baseApi } from './baseApi';
export { baseQueryWithReauth } from './baseQueryWithReauth';
export { errorMessage, isApiError, toApiError, type ApiError } from './apiError';
export { members, type HydraCollection } from './hydra';
export type { TagType } from './tags';
export { mergePatch } from './mergePatch';
