export { RapportsSection } from './components/RapportsSection';
export { RapportActions } from './components/RapportActions';
export { JournalLines } from './components/JournalLines';
export { readRapportText, useGetRapportQuery, useGetRapportJournalQuery } from './api';
export type { Rapport, RapportStatus } from './types';
