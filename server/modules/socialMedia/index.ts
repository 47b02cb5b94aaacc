/** The social media module: what other modules use. */
export { xPoster, xText } from './channelPoster';
