/**
 * A bug report as the dialog sends it, built to carry every secret the server must take out:
 * a JWT, a password, Authorization headers (in a request's `headers` and in a console
 * message's text), and the e-mail address of another person. For the tests.
 */
export const SECRETS = {
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MiwidXNlcm5hbWUiOiJ4In0.c2lnbmF0dXJlLXNlY3JldA',
  password: 'MotDePasse-Tres-Secret-42',
  basic: 'dXRpbGlzYXRldXI6c2VjcmV0',
  customAuthorization: 'Token opaque-credential-77',
  otherEmail: 'quelquun.autre@example.org',
};

export function reportWithSecrets({ senderEmail = 'visiteur@example.org', requestIds = ['req-report-1'] } = {}) {
  const state = {
    auth: { accessToken: SECRETS.jwt, user: { email: senderEmail } },
    login: { form: { email: senderEmail, password: SECRETS.password } },
    contacts: { rows: [{ email: SECRETS.otherEmail, note: `écrit par ${SECRETS.otherEmail}` }] },
    router: { location: { pathname: '/influenceur/listes', search: '?page=2', hash: '' } },
  };
  const lifted = {
    actionsById: { 0: { type: 'PERFORM_ACTION', action: { type: '@@INIT' }, timestamp: 1 } },
    nextActionId: 1,
    stagedActionIds: [0],
    skippedActionIds: [],
    committedState: state,
    currentStateIndex: 0,
    computedStates: [{ state }],
    isLocked: false,
    isPaused: false,
  };
  return {
    trace: { payload: JSON.stringify(lifted), preloadedState: JSON.stringify(state), version: '1.0.0', commit: 'abc1234' },
    screenshot: 'data:image/png;base64,iVBORw0KGgo=',
    console: [
      { level: 'error', message: `fetch failed; headers: Authorization: ${SECRETS.customAuthorization}`, time: '2026-11-28T10:00:00.000Z', actionIndex: 0 },
      { level: 'error', message: `TypeError: x is undefined, user ${SECRETS.otherEmail}, Bearer ${SECRETS.jwt}`, time: '2026-11-28T10:00:01.000Z', actionIndex: 0 },
    ],
    requests: requestIds.map((requestId) => ({
      method: 'POST',
      path: `/api/login_check?password=${SECRETS.password}`,
      status: 500,
      duration: 12,
      requestId,
      headers: { Authorization: `Basic ${SECRETS.basic}`, 'content-type': 'application/json' },
      actionIndex: 0,
    })),
    version: '1.0.0',
    commit: 'abc1234',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
    viewport: { width: 1280, height: 800 },
    language: 'fr-FR',
    timeZone: 'Europe/Paris',
    description: `La liste ne se charge pas (contact : ${senderEmail})`,
  };
}
