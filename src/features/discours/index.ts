export { discoursApi } from './api';
export { DiscoursSection } from './components/DiscoursSection';
export type { Discours } from './types';
