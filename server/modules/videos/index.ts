/** The videos module: what other modules use. */
export { findOrFetchChannel } from './channelService';
export { addChannelToList, channelsOfList, findChannel, removeChannelFromList, toChaine } from './repository';
export { ChaineAnswer, VideoAnswer } from './schemas';
export { cardImage, normalizeThumbnail } from './thumbnails';
export { type VideoJson } from './types';
export { type VideoCondition } from './repository';
export { registerViewerCondition } from './viewerCondition';
export { newsletterVideos, type NewsletterVideoQuery, type NewsletterVideoRow } from './newsletterVideos';
export { videosRoutes } from './routes';
