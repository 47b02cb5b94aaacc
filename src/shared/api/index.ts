export { baseApi } from './baseApi';
export { baseQueryWithReauth, type CallOptions } from './baseQueryWithReauth';
export { isApiError, toApiError, type ApiError } from './apiError';
export { members, type HydraCollection } from './hydra';
export type { TagType } from './tags';
export type { Chaine } from './chaine';
