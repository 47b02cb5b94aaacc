/** The feeds module: what other modules use. */
export { parseChannelRef, type ChannelRef } from './channelRef';
export { createFeedClient, type FeedClient } from './feedClient';
export { CHANNEL_ID, parseChannelFeed } from './parseFeed';
export { FAILURE_MEMORY_MINUTES, startPendingFeeds } from './pending';
export { recordFeedSuccess } from './repository';
export { FeedError, type FeedVideo } from './types';
export { upsertVideosSql, videoColumns } from './videoRows';
