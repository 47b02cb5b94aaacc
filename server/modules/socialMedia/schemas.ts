import { Type } from '@sinclair/typebox';
import { Answer } from '../../shared/schemas';

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

// Answers. A network's snapshot is what its check read, stored as is: its fields pass through.

const Snapshot = (network: string) =>
  Type.Union(
    [Answer({}, { description: 'Les champs lus, et checkedAt : quand la vérification a eu lieu.' }), Type.Null()],
    { description: `Ce que la dernière vérification ${network} a lu (null : jamais vérifié).` },
  );

const YoutubeSnapshot = Snapshot('YouTube');
const XSnapshot = Snapshot('X');

export const SocialMediaAnswer = Answer({ id: Type.Integer(), youtube: YoutubeSnapshot, twitter: XSnapshot });

const Failure = Answer({ statusCode: Type.Integer(), message: Type.String() });

export const SocialMediaInfoAnswer = Answer({
  ...SocialMediaAnswer.properties,
  errors: Answer({ youtube: Type.Optional(Failure), twitter: Type.Optional(Failure) }, { description: 'Les vérifications qui ont échoué.' }),
});

const Changed = Type.Boolean({ description: 'Vrai quand la vérification a changé ce qui était enregistré.' });

export const YoutubeCheckAnswer = Answer({ id: Type.Integer(), changed: Changed, youtube: YoutubeSnapshot });

export const XCheckAnswer = Answer({ id: Type.Optional(Type.Integer()), changed: Type.Optional(Changed), twitter: XSnapshot });

export const XPostAnswer = Answer({ id: Type.String(), text: Type.String(), url: Type.String() });

export const YoutubeListAnswer = Answer({
  checked: Type.Integer(),
  changed: Type.Integer(),
  failed: Type.Integer(),
  failures: Type.Array(Answer({ id: Type.Integer(), email: Type.String(), statusCode: Type.Integer(), message: Type.String() })),
});

export const LatestVideosAnswer = Answer({
  'hydra:member': Type.Array(
    Answer({
      recipientId: Type.Integer(),
      email: Type.String(),
      id: Type.String({ description: "L'identifiant YouTube de la vidéo." }),
      youtube_titre: Type.String(),
      youtube_name: Type.String(),
      youtube_lien: Type.String(),
    }),
  ),
  'hydra:totalItems': Type.Integer(),
});
