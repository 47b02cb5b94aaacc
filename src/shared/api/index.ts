export { baseApi } from './baseApi';
export { baseQueryWithReauth, RECORDED_ONLY, type CallOptions } from './baseQueryWithReauth';
export { errorMessage, isApiError, toApiError, type ApiError } from './apiError';
export { members, toPage, type HydraCollection } from './hydra';
export type { TagType } from './tags';
export type { Chaine } from './chaine';
export { uploadFile, type UploadOptions } from './upload';
export { mergePatch } from './mergePatch';
