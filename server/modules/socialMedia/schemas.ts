import { Type } from '@sinclair/typebox';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Ref = Type.String({ minLength: 1, maxLength: 2000 });

export const SocialMediaInfoBody = Type.Object({
  id: Id,
  youtubename: Type.Optional(Type.String({ maxLength: 2000 })),
  twittername: Type.Optional(Type.String({ maxLength: 2000 })),
});

/** `n`: how many of the latest videos to answer; a channel feed holds 15. */
export const YoutubeCountParams = Type.Object({ n: Type.Integer({ minimum: 1, maximum: 15 }) });
/** `n`: how many of the latest posts to read; X serves at most 100 a page. */
export const XCountParams = Type.Object({ n: Type.Integer({ minimum: 1, maximum: 100 }) });

export const YoutubeCheckBody = Type.Object({ url: Ref, id: Id });
export const XCheckBody = Type.Object({ url: Ref, id: Type.Optional(Id) });

export const RecipientIdBody = Type.Object({ id: Id });
/** Without `ids`, every recipient of the caller with a YouTube channel. */
export const YoutubeListBody = Type.Object({ ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 1000 })) });

export const UserIdBody = Type.Object({ userId: Id });

/** X counts at most 280 characters a post for most accounts. */
export const XPostBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: 280, pattern: '\\S' }) });
