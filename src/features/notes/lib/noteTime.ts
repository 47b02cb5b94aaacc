/** Spec §3 and §9: a note points 10 seconds before the playback second it is written at. */
export const NOTE_LEAD_SECONDS = 10;

export const noteTime = (playbackSecond: number) => Math.max(0, Math.floor(playbackSecond) - NOTE_LEAD_SECONDS);
