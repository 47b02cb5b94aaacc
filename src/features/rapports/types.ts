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

/** A frame of a report's stack, read in the sources of the build the server serves (`GET /api/rapports/{id}/piles`). */
export interface MappedFrame {
  /** The frame as the browser wrote it. */
  text: string;
  /** `src/…`, line and column (from 1) when mapped. */
  source: string | null;
  line: number | null;
  column: number | null;
  /** Why a frame naming a bundle's place was not mapped. */
  note: string | null;
}

export interface MappedStack {
  /** The stack as the report holds it. */
  stack: string;
  frames: MappedFrame[];
  /** Why no frame was mapped (another build, no build served). */
  note: string | null;
}

export interface RapportPiles {
  build: { version: string; commit: string } | null;
  stacks: MappedStack[];
}
