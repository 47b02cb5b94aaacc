export { SubscriptionsPanel } from './components/SubscriptionsPanel';
export { useContactDataMutation, useGetPreferencesQuery, useRequestContactErasureMutation } from './api';
export type { Preferences, PreferenceList } from './types';
