/**
 * The demo's channels and creators' lists. Channels are fictional: their feeds, written for
 * the project, ship in ../feeds/demo/<handle>.xml so that a fresh install shows a full home
 * page without network. Everything here is data a deployment edits, not code.
 */
export interface DemoChannel {
  handle: string;
  theme: string;
  /** Five channels show their fixed avatar instead of their thumbnails (spec §9). */
  avatarAsThumbnail: boolean;
}

export interface DemoList {
  name: string;
  hashtags: string[];
  channels: string[];
}

export const DEMO_CHANNELS: DemoChannel[] = [
  { handle: 'JulienEntreprend', theme: 'economie', avatarAsThumbnail: true },
  { handle: 'LeFilActu', theme: 'actu', avatarAsThumbnail: false },
  { handle: 'MediaLibreEco', theme: 'media', avatarAsThumbnail: false },
  { handle: 'StartupHebdo', theme: 'economie', avatarAsThumbnail: false },
  { handle: 'ClaraFormation', theme: 'coaching', avatarAsThumbnail: true },
  { handle: 'PotagerDurable', theme: 'agriculture', avatarAsThumbnail: true },
  { handle: 'CodeEnFrancais', theme: 'coding', avatarAsThumbnail: false },
  { handle: 'EnergieVerteTV', theme: 'actu', avatarAsThumbnail: false },
  { handle: 'MaximeInvestit', theme: 'bourse', avatarAsThumbnail: true },
  { handle: 'OrEtArgent', theme: 'or', avatarAsThumbnail: true },
  { handle: 'ImmoParticipatif', theme: 'realT', avatarAsThumbnail: false },
  { handle: 'CryptoDecodee', theme: 'crypto', avatarAsThumbnail: false },
];

/** The three creators of the home cards (spec §2.2), in their order; the first one's list fills the home grid. */
export const DEMO_LISTS: DemoList[] = [
  {
    name: 'JulienEntreprend',
    hashtags: ['#business', '#actu'],
    channels: ['JulienEntreprend', 'LeFilActu', 'MediaLibreEco', 'StartupHebdo'],
  },
  {
    name: 'ClaraFormation',
    hashtags: ['#formation', '#ecolo'],
    channels: ['ClaraFormation', 'PotagerDurable', 'CodeEnFrancais', 'EnergieVerteTV'],
  },
  {
    name: 'MaximeInvestit',
    hashtags: ['#crowdfunding', '#or'],
    channels: ['MaximeInvestit', 'OrEtArgent', 'ImmoParticipatif', 'CryptoDecodee'],
  },
];

export const demoAvatar = (handle: string) => `/demo/avatars/${handle}.svg`;
