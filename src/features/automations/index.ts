export { AutomationsSection } from './components/AutomationsSection';
export { AutomationEditor } from './components/AutomationEditor';
export type { Automation } from './types';
