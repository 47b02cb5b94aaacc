import { Type } from '@sinclair/typebox';

export const DEFAULT_VIDEOS_PER_PAGE = 100;
export const MAX_VIDEOS_PER_PAGE = 5000;

const Theme = Type.String({ minLength: 1, maxLength: 100 });

export const ThemeParams = Type.Object({ theme: Theme });

/** The spec's body repeats the path's theme. */
export const ThemeBody = Type.Object({ theme: Theme });

export const VideoPageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  itemsPerPage: Type.Integer({ minimum: 1, maximum: MAX_VIDEOS_PER_PAGE, default: DEFAULT_VIDEOS_PER_PAGE }),
});
