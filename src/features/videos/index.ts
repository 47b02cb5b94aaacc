export { videosApi, useListVideos, useThemeVideos, useGetCreatorsQuery, VIDEO_FETCH_LIMIT } from './api';
export { VideoBrowser } from './components/VideoBrowser';
export { VideoCard } from './components/VideoCard';
export { VideoPanel, PLAYER_WIDTH, PLAYER_HEIGHT } from './components/VideoPanel';
export { CreatorCards, listePath } from './components/CreatorCards';
export { CreatorShortcuts } from './components/CreatorShortcuts';
export { ChannelList, chainePath } from './components/ChannelList';
export { UNEXPECTED_STRUCTURE } from './lib/readAnswers';
export type { Video, Chaine, Creator } from './types';
