export { notesSlice } from './slice';
export { VideoNotes } from './components/VideoNotes';
