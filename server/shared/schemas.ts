import { Type } from '@sinclair/typebox';

/** Text, @, text, dot, text: the spec's simple e-mail pattern (§5), as the SPA checks it. */
export const SimpleEmail = Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });
