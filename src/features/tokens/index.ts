export { tokensApi } from './api';
export { TokensSection } from './components/TokensSection';
export type { ApiToken } from './types';
