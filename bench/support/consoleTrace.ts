import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../../src/shared/api';
import { initialTableQuery, type TableQuery } from '../../src/shared/ui/tableQuery';
import { createTraceRecorder, TRACE_ACTION_LIMIT } from '../../src/shared/trace/recorder';
import { createReplayReducer } from '../../src/app/trace/replayReducer';
import { appTraceMeta } from '../../src/app/trace/appMeta';
import { listsApi, type List } from '../../src/features/lists';
import type { Contact } from '../../src/features/lists/types';
import { authApi, loggedIn } from '../../src/features/auth';
import { locationChanged } from '../../src/app/location';

const USER = { id: 3, ip: '127.0.0.1', roles: ['ROLE_USER'], username: 'operateur@tgm.local', token: 'jwt-of-the-session' };
const PAGE_SIZE = 50;
const LISTS = 120;
const query = (page: number): TableQuery => ({ ...initialTableQuery(), page, pageSize: PAGE_SIZE });

const list = (id: number, subject = `Liste ${id}`): List => ({
  id,
  subject,
  lastModified: '2026-11-26T10:00:00+00:00',
  actif: 1,
  user: USER.id,
  sequence: [{ sequence: 1, key: 'intro', value: `Bonjour ${id}`, type: 'texte', profil: 'influenceur' }],
});

const contact = (grp: number, id: number): Contact => ({
  id: grp * 1000 + id,
  email: `contact${id}.liste${grp}@example.org`,
  firstname: `Prénom ${id}`,
  lastname: `Nom ${id}`,
  phone: id % 3 === 0 ? `+3360000${String(id).padStart(4, '0')}` : null,
  origin: 'import',
  grp,
  actif: 1,
  status: id % 11 === 0 ? 'désabonné' : 'actif',
  unsubscribedBy: id % 11 === 0 ? 'contact' : null,
  created: '2026-11-20T09:00:00+00:00',
});

/**
 * A 300-action trace of a console session, as the recorder writes it (its export file): an
 * operator signed in, on the lists' pages (50 a page), opening lists one after another, each
 * with its contacts' pages (50 a page) and counts in RTK Query's cache, editing contacts and
 * renaming lists. By the end the cache holds about 40 contacts' pages (2,000 contacts).
 */
export function consoleSessionTrace(): { text: string; steps: number; types: string[] } {
  const recorder = createTraceRecorder({ recording: true, meta: () => appTraceMeta({ version: '0.1.0', commit: 'bench' }) });
  const app = configureStore({
    reducer: createReplayReducer(),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ immutableCheck: false, serializableCheck: false }).concat(baseApi.middleware, recorder.middleware),
  });
  const go = (pathname: string) => app.dispatch(locationChanged({ pathname, search: '', hash: '' }));
  go('/login');
  app.dispatch(loggedIn(USER));
  app.dispatch(authApi.util.upsertQueryData('getUser', USER.id, { id: USER.id, email: USER.username, roles: USER.roles }));
  go('/influenceur');
  for (let page = 1; page <= 3; page += 1) {
    const rows = Array.from({ length: PAGE_SIZE }, (_, i) => list((page - 1) * PAGE_SIZE + i + 1)).filter((row) => row.id <= LISTS);
    app.dispatch(listsApi.util.upsertQueryData('getListsPage', { user: USER.id, query: query(page) }, { rows, total: LISTS }));
  }
  for (let opened = 0; recorder.trace().steps.length < TRACE_ACTION_LIMIT || opened < 20; opened += 1) {
    const grp = 1 + ((opened * 7) % LISTS);
    go(`/influenceur/listes/${grp}`);
    app.dispatch(listsApi.util.upsertQueryData('getList', grp, list(grp)));
    app.dispatch(listsApi.util.upsertQueryData('getListCounts', grp, { count: 100, countStart: 100 }));
    for (let page = 1; page <= 2; page += 1) {
      const rows = Array.from({ length: PAGE_SIZE }, (_, i) => contact(grp, (page - 1) * PAGE_SIZE + i + 1));
      app.dispatch(listsApi.util.upsertQueryData('getContactsPage', { grp, query: query(page) }, { rows, total: 100 }));
    }
    // An edited contact, written into its cached page as updateContact does.
    app.dispatch(
      listsApi.util.updateQueryData('getContactsPage', { grp, query: query(1) }, (page) => {
        page.rows[opened % PAGE_SIZE].firstname = `Modifié ${opened}`;
      }),
    );
    // A renamed list, patched in the lists' first page.
    app.dispatch(
      listsApi.util.updateQueryData('getListsPage', { user: USER.id, query: query(1) }, (page) => {
        page.rows[opened % PAGE_SIZE].subject = `Liste renommée ${opened}`;
      }),
    );
    go('/influenceur');
  }
  const { steps } = recorder.trace();
  return { text: recorder.exportText(), steps: steps.length, types: steps.map((step) => step.action.type) };
}
