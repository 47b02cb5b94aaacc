export { SubscriptionsPanel } from './components/SubscriptionsPanel';
export type { Preferences, PreferenceList } from './types';
