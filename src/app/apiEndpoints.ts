/**
 * Every feature's RTK Query endpoints, injected into the one baseApi. Pages import them as
 * they render; a replay in Node renders nothing, so it imports them all from here.
 */
import '../features/audience/api';
import '../features/audit/api';
import '../features/auth/api';
import '../features/auth/totpApi';
import '../features/automations/api';
import '../features/categories/api';
import '../features/confirmations/api';
import '../features/deliveries/api';
import '../features/discours/api';
import '../features/lists/api';
import '../features/mail/api';
import '../features/notes/api';
import '../features/personnes/api';
import '../features/preferences/api';
import '../features/rapports/api';
import '../features/ratings/api';
import '../features/socialMedia/api';
import '../features/segments/api';
import '../features/suppressions/api';
import '../features/tokens/api';
import '../features/users/api';
import '../features/videos/api';
import '../features/visitors/api';
import '../features/webhooks/api';
