export { RapportsSection } from './components/RapportsSection';
export { RapportActions } from './components/RapportActions';
export { JournalLines } from './components/JournalLines';
export { SourceStack } from './components/SourceStack';
export { readRapportText, useGetRapportQuery, useGetRapportJournalQuery, useGetRapportPilesQuery } from './api';
export type { MappedFrame, MappedStack, Rapport, RapportPiles, RapportStatus } from './types';
