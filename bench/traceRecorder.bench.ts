import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createTraceRecorder } from '../src/shared/trace/recorder';
import { compare, loop, type BenchOptions } from './measure';

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
export default async function traceRecorderBench(options: BenchOptions): Promise<void> {
  const operations = options.quick ? 2000 : 20000;
  const recording = store(true);
  const off = store(false);
  await compare(
    'Redux dispatch with the trace recorder (2,000 records in state)',
    'dispatches/s',
    { label: 'dispatch, recorder recording (redacts state)', run: loop(operations, async (i) => recording.dispatch(contacts.actions.visited(i % 2000))) },
    { label: 'dispatch, recorder off', run: loop(operations, async (i) => off.dispatch(contacts.actions.visited(i % 2000))) },
    options.rounds,
  );
}
