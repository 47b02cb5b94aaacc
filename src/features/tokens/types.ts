/** The scopes of an API token, exactly as the API names them (server/shared/access.ts). */
export const TOKEN_SCOPES = ['listes:lecture', 'listes:écriture', 'envois:écriture', 'modèles:lecture', 'modèles:écriture', 'webhooks'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** An API token as listed: never its text. */
export interface ApiToken {
  id: number;
  name: string;
  scopes: TokenScope[];
  created: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}
