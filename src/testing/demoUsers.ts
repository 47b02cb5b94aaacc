/** The demo accounts the server seeds by default (server/config.ts, README). */
export const DEMO_ADMIN = { email: 'admin@tgm.local', password: 'admin-tgm-2026' };
export const DEMO_OPERATOR = { email: 'operateur@tgm.local', password: 'operateur-tgm-2026' };
