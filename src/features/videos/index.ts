export { useListVideos, useThemeVideos, useGetCreatorsQuery } from './api';
export { VideoBrowser } from './components/VideoBrowser';
export { VideoPanel, PLAYER_WIDTH, PLAYER_HEIGHT } from './components/VideoPanel';
export type { PlaybackControl } from './player/playback';
export { CreatorCards } from './components/CreatorCards';
export { CreatorShortcuts } from './components/CreatorShortcuts';
export { ChannelList } from './components/ChannelList';
export type { Video, Chaine, Creator } from './types';
export { productVideoLink } from './lib/videoAddress';
