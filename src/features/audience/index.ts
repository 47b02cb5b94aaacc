export { audienceApi } from './api';
export { AudienceSection } from './components/AudienceSection';
export { AudienceWeeks, AudienceWeeksChart } from './components/AudienceWeeks';
export type { Audience, AudienceDetail, AudienceWeek } from './types';
