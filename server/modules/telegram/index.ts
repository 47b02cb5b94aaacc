/** The Telegram module: what other modules use. */
export { telegramPoster, telegramText, TELEGRAM_TEXT_LIMIT } from './channelPoster';
