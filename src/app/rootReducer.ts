import { combineSlices } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import { persistStorage as storage } from './persistStorage';
import { baseApi } from '../shared/api';
import { authSlice } from '../features/auth';
import { visitorSlice } from '../features/visitors';
import { notesSlice } from '../features/notes';
import { routerSlice } from './location';

/** Every slice of the app; the api cache and the recorded location are never persisted. */
export const combinedReducer = combineSlices(baseApi, authSlice, visitorSlice, notesSlice, routerSlice);

export type RootState = ReturnType<typeof combinedReducer>;

/** Only what the spec keeps in the browser: the session user, the access token, tokens, userEmail, and the visitor's notes. */
export const persistConfig = {
  key: 'tgm',
  version: 1,
  storage,
  whitelist: ['auth', 'visitor', 'notes'] satisfies (keyof RootState)[],
};

export const rootReducer = persistReducer(persistConfig, combinedReducer);
