/**
 * Which record of a section the address opens, and how to move (docs/architecture.md, «Console addresses»). Pages own the
 * addresses (`/influenceur/{segment}/{id}[/{tab}]`); features open and close through this.
 */
export interface RecordRouting {
  openId: number | null;
  tab?: string;
  href: (id: number) => string;
  open: (id: number) => void;
  setTab: (id: number, tab: string) => void;
  close: () => void;
}
