export type RapportStatus = 'à traiter' | 'traité';

/** A bug report as the inbox lists it (`GET /api/rapports`). */
export interface Rapport {
  id: number;
  reference: string;
  status: RapportStatus;
  description: string;
  route: string | null;
  version: string | null;
  commit: string | null;
  userAgent: string | null;
  hasErrors: boolean;
  size: number;
  created: string;
  lastModified: string;
}
