/** The categories: what other modules use. */
export { Profil } from './schemas';
export { CATEGORY_NAMES } from './names';
