/** An API Platform collection; the spec reads items from `hydra:member`. */
export interface HydraCollection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}

export const members = <T>(collection: HydraCollection<T>): T[] => collection['hydra:member'];

/** One page of a collection and how many items the whole query holds, for server-paged tables. */
export const toPage = <T>(collection: HydraCollection<T>): { rows: T[]; total: number } => ({
  rows: collection['hydra:member'],
  total: collection['hydra:totalItems'],
});
