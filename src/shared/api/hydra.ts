/** An API Platform collection; the spec reads items from `hydra:member`. */
export interface HydraCollection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}

export const members = <T>(collection: HydraCollection<T>): T[] => collection['hydra:member'];
