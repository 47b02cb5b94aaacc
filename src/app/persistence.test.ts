import { persistStore } from 'redux-persist';
import { loggedIn } from '../features/auth';
import { signedUp } from '../features/visitors';
import { noteAdded, noteShareToggled } from '../features/notes/slice';
import { authApi } from '../features/auth/api';
import { makeStore } from './store';

const user = { id: 3, ip: '10.0.0.1', roles: ['ROLE_USER'], username: 'op@example.org', token: 'jwt-3' };

/** Starts persistence on a store, resolving once the stored state is read back. */
const persisted = (store: ReturnType<typeof makeStore>) =>
  new Promise<ReturnType<typeof persistStore>>((resolve) => {
    const persistor = persistStore(store, null, () => resolve(persistor));
  });

describe('persistence', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the session user, access token, tokens, userEmail and notes across a reload, and never the api cache', async () => {
    const first = makeStore();
    const persistor = await persisted(first);
    first.dispatch(loggedIn(user));
    first.dispatch(signedUp({ email: 'v@example.org', token: 'tokenAc-1' }));
    first.dispatch(noteAdded({ videoId: '_6J55Ozorvh', playbackSecond: 47, message: 'Les 7 étapes' }));
    first.dispatch(noteAdded({ videoId: '_6J55Ozorvh', playbackSecond: 95, message: 'Le financement' }));
    first.dispatch(noteShareToggled({ videoId: '_6J55Ozorvh', noteId: 2 }));
    first.dispatch(noteAdded({ videoId: 'z39dcgN5WrY', playbackSecond: 3, message: 'Autre vidéo' }));
    first.dispatch(authApi.util.upsertQueryData('getUser', 3, { id: 3, email: 'op@example.org', roles: [] }));
    await persistor.flush();

    const stored = JSON.parse(localStorage.getItem('persist:tgm') ?? '{}');
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'auth', 'notes', 'visitor']);

    const second = makeStore();
    await persisted(second);
    expect(second.getState().auth).toEqual({ user, accessToken: 'jwt-3' });
    expect(second.getState().visitor).toEqual({
      tokens: [{ email: 'v@example.org', token: 'tokenAc-1' }],
      userEmail: 'v@example.org',
    });
    expect(second.getState().notes.byVideo).toEqual({
      _6J55Ozorvh: [
        { id: 1, time: 37, description: 'Les 7 étapes', showShareOptions: false },
        { id: 2, time: 85, description: 'Le financement', showShareOptions: true },
      ],
      z39dcgN5WrY: [{ id: 1, time: 0, description: 'Autre vidéo', showShareOptions: false }],
    });
    expect(second.getState().api.queries).toEqual({});
  });
});
