import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createTraceRecorder } from '../src/shared/trace/recorder';
import { measure, printRatio } from './measure';

interface Contact {
  id: number;
  email: string;
  token: string;
  visits: number;
}

/** A slice the size of a busy back-office cache: 2,000 records, each with a secret. */
const contacts = createSlice({
  name: 'contacts',
  initialState: {
    items: Array.from({ length: 2000 }, (_, id): Contact => ({ id, email: `c${id}@example.org`, token: `t-${id}`, visits: 0 })),
  },
  reducers: {
    visited: (state, action: PayloadAction<number>) => {
      state.items[action.payload].visits += 1;
    },
  },
});

function store(recording: boolean) {
  const recorder = createTraceRecorder({ recording });
  return configureStore({
    reducer: contacts.reducer,
    // Production's middleware: no dev-time checks.
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ immutableCheck: false, serializableCheck: false }).concat(recorder.middleware),
  });
}

/**
 * A dispatch while the trace recorder records (each action and the state after it, redacted)
 * against the same dispatch with the recorder off, as production runs by default.
 */
export default async function traceRecorderBench(): Promise<void> {
  const recording = store(true);
  const off = store(false);
  const ours = await measure('dispatch, recorder recording (redacts state)', 20000, async (i) =>
    recording.dispatch(contacts.actions.visited(i % 2000)),
  );
  const raw = await measure('dispatch, recorder off', 20000, async (i) => off.dispatch(contacts.actions.visited(i % 2000)));
  printRatio('Redux dispatch with the trace recorder (2,000 records in state)', ours, raw);
}
