/** A channel ("chaîne") as the public routes answer it; list pages and a visitor's list both read it. */
export interface Chaine {
  /** YouTube's channel id. */
  id: string;
  name: string;
  handle: string | null;
  theme: string;
  avatar: string | null;
  url: string;
}
