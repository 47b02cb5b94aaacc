/** What the preference page shows (`GET /api/preferences/{token}`, issue 37). */
export interface PreferenceList {
  grp: number;
  subject: string;
  subscribed: boolean;
  changeable: boolean;
}

export interface Preferences {
  email: string;
  lists: PreferenceList[];
  suppressed: boolean;
  /** A BAT's link: nothing changes. */
  test?: boolean;
}
