import type { Migration } from '../../db/db';

/** A visitor who receives a digest: one asked for, address confirmed. */
const DIGEST_ACTIVE = (v: string) => `(${v}.digest <> 'aucun' AND ${v}.email_confirmed_at IS NOT NULL)`;

export const audienceMigrations: Migration[] = [
  {
    /**
     * The audience console (issue 40): each creator's followers, digest subscribers and ratings
     * (count and sum per criterion) kept by the database itself, in the statement that changes
     * what they count, whichever code path writes (a follow, an import, a visitor erased, a
     * rating, a video that a feed brings after its ratings). A page then reads a hundred rows,
     * not every follow and rating (docs/architecture.md, «The audience console»). Statement
     * triggers with transition tables: a bulk write costs one statement more, not one a row.
     * Recent follows are counted live, by their date.
     */
    id: '1600_audience',
    sql: `
CREATE TABLE audience_channel (
  channel_id integer PRIMARY KEY REFERENCES channel (id) ON DELETE CASCADE,
  followers integer NOT NULL DEFAULT 0,
  digest_subscribers integer NOT NULL DEFAULT 0
);
CREATE TABLE audience_rating (
  channel_id integer NOT NULL REFERENCES channel (id) ON DELETE CASCADE,
  label text NOT NULL,
  count integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, label)
);
CREATE INDEX creator_list_channel_channel_created ON creator_list_channel (channel_id, created);

INSERT INTO audience_channel (channel_id, followers, digest_subscribers)
SELECT lc.channel_id, count(*), count(*) FILTER (WHERE ${DIGEST_ACTIVE('v')})
FROM creator_list_channel lc JOIN creator_list l ON l.id = lc.list_id JOIN visitor v ON v.id = l.visitor_id
GROUP BY lc.channel_id;
INSERT INTO audience_rating (channel_id, label, count, total)
SELECT vi.channel_id, r.label, count(*), sum(r.rating)
FROM video_rating r JOIN video vi ON vi.id = r.video_id
GROUP BY vi.channel_id, r.label;

-- Follows added or removed (a list's rows: one a visitor and creator).
CREATE FUNCTION audience_follows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audience_channel AS a (channel_id, followers, digest_subscribers)
  SELECT n.channel_id, count(*), count(*) FILTER (WHERE ${DIGEST_ACTIVE('v')})
  FROM audience_added n JOIN creator_list l ON l.id = n.list_id JOIN visitor v ON v.id = l.visitor_id
  GROUP BY n.channel_id
  ON CONFLICT (channel_id) DO UPDATE
    SET followers = a.followers + EXCLUDED.followers, digest_subscribers = a.digest_subscribers + EXCLUDED.digest_subscribers;
  RETURN NULL;
END $$;
CREATE TRIGGER audience_follows_added AFTER INSERT ON creator_list_channel
  REFERENCING NEW TABLE AS audience_added FOR EACH STATEMENT EXECUTE FUNCTION audience_follows_added();

-- A list deleted is counted out before (its rows then go by cascade, their list already gone).
CREATE FUNCTION audience_follows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audience_channel a SET followers = a.followers - d.followers, digest_subscribers = a.digest_subscribers - d.digests
  FROM (
    SELECT o.channel_id, count(*) AS followers, count(*) FILTER (WHERE ${DIGEST_ACTIVE('v')}) AS digests
    FROM audience_removed o JOIN creator_list l ON l.id = o.list_id JOIN visitor v ON v.id = l.visitor_id
    GROUP BY o.channel_id
  ) d
  WHERE a.channel_id = d.channel_id;
  RETURN NULL;
END $$;
CREATE TRIGGER audience_follows_removed AFTER DELETE ON creator_list_channel
  REFERENCING OLD TABLE AS audience_removed FOR EACH STATEMENT EXECUTE FUNCTION audience_follows_removed();

-- A list's owner changes: set to null when its visitor is erased, or given to a visitor.
CREATE FUNCTION audience_list_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  active boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.visitor_id IS NOT DISTINCT FROM NEW.visitor_id THEN RETURN NULL; END IF;
  IF OLD.visitor_id IS NOT NULL THEN
    -- An erased visitor is gone already: their digest was counted out before (audience_visitor_erased).
    SELECT ${DIGEST_ACTIVE('v')} INTO active FROM visitor v WHERE v.id = OLD.visitor_id;
    UPDATE audience_channel a SET followers = a.followers - 1, digest_subscribers = a.digest_subscribers - CASE WHEN coalesce(active, false) THEN 1 ELSE 0 END
    FROM creator_list_channel lc WHERE lc.list_id = OLD.id AND a.channel_id = lc.channel_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.visitor_id IS NOT NULL THEN
    SELECT ${DIGEST_ACTIVE('v')} INTO active FROM visitor v WHERE v.id = NEW.visitor_id;
    INSERT INTO audience_channel AS a (channel_id, followers, digest_subscribers)
    SELECT lc.channel_id, 1, CASE WHEN coalesce(active, false) THEN 1 ELSE 0 END FROM creator_list_channel lc WHERE lc.list_id = NEW.id
    ON CONFLICT (channel_id) DO UPDATE
      SET followers = a.followers + 1, digest_subscribers = a.digest_subscribers + EXCLUDED.digest_subscribers;
  END IF;
  -- Before a delete, the row goes on to be deleted.
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD END;
END $$;
CREATE TRIGGER audience_list_owner AFTER UPDATE OF visitor_id ON creator_list FOR EACH ROW EXECUTE FUNCTION audience_list_owner();
CREATE TRIGGER audience_list_deleted BEFORE DELETE ON creator_list FOR EACH ROW EXECUTE FUNCTION audience_list_owner();

-- A visitor starts or stops receiving a digest, or is erased.
CREATE FUNCTION audience_visitor_digest() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := ${DIGEST_ACTIVE('OLD')};
  now_active boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' THEN now_active := ${DIGEST_ACTIVE('NEW')}; END IF;
  IF was IS DISTINCT FROM now_active THEN
    UPDATE audience_channel a SET digest_subscribers = a.digest_subscribers + CASE WHEN now_active THEN 1 ELSE -1 END
    FROM creator_list l JOIN creator_list_channel lc ON lc.list_id = l.id
    WHERE l.visitor_id = OLD.id AND a.channel_id = lc.channel_id;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD END;
END $$;
CREATE TRIGGER audience_visitor_digest AFTER UPDATE OF digest, email_confirmed_at ON visitor FOR EACH ROW EXECUTE FUNCTION audience_visitor_digest();
CREATE TRIGGER audience_visitor_erased BEFORE DELETE ON visitor FOR EACH ROW EXECUTE FUNCTION audience_visitor_digest();

-- Ratings given, changed or removed, counted under their video's creator (a video we hold).
CREATE FUNCTION audience_ratings_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audience_rating AS a (channel_id, label, count, total)
  SELECT vi.channel_id, n.label, count(*), sum(n.rating) FROM audience_added n JOIN video vi ON vi.id = n.video_id GROUP BY vi.channel_id, n.label
  ON CONFLICT (channel_id, label) DO UPDATE SET count = a.count + EXCLUDED.count, total = a.total + EXCLUDED.total;
  RETURN NULL;
END $$;
CREATE FUNCTION audience_ratings_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audience_rating a SET count = a.count - d.count, total = a.total - d.total
  FROM (SELECT vi.channel_id, o.label, count(*) AS count, sum(o.rating) AS total
        FROM audience_removed o JOIN video vi ON vi.id = o.video_id GROUP BY vi.channel_id, o.label) d
  WHERE a.channel_id = d.channel_id AND a.label = d.label;
  RETURN NULL;
END $$;
CREATE FUNCTION audience_ratings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audience_rating a SET count = a.count + d.count, total = a.total + d.total
  FROM (SELECT vi.channel_id, c.label, sum(c.count)::int AS count, sum(c.total)::int AS total
        FROM (SELECT video_id, label, 1 AS count, rating AS total FROM audience_added
              UNION ALL SELECT video_id, label, -1, -rating FROM audience_removed) c
        JOIN video vi ON vi.id = c.video_id GROUP BY vi.channel_id, c.label) d
  WHERE a.channel_id = d.channel_id AND a.label = d.label;
  RETURN NULL;
END $$;
CREATE TRIGGER audience_ratings_added AFTER INSERT ON video_rating
  REFERENCING NEW TABLE AS audience_added FOR EACH STATEMENT EXECUTE FUNCTION audience_ratings_added();
CREATE TRIGGER audience_ratings_removed AFTER DELETE ON video_rating
  REFERENCING OLD TABLE AS audience_removed FOR EACH STATEMENT EXECUTE FUNCTION audience_ratings_removed();
CREATE TRIGGER audience_ratings_changed AFTER UPDATE ON video_rating
  REFERENCING OLD TABLE AS audience_removed NEW TABLE AS audience_added FOR EACH STATEMENT EXECUTE FUNCTION audience_ratings_changed();

-- A video a feed brings after its first ratings takes them to its creator; a video removed takes them away.
CREATE FUNCTION audience_videos_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audience_rating AS a (channel_id, label, count, total)
  SELECT n.channel_id, r.label, count(*), sum(r.rating) FROM audience_added n JOIN video_rating r ON r.video_id = n.id GROUP BY n.channel_id, r.label
  ON CONFLICT (channel_id, label) DO UPDATE SET count = a.count + EXCLUDED.count, total = a.total + EXCLUDED.total;
  RETURN NULL;
END $$;
CREATE FUNCTION audience_videos_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audience_rating a SET count = a.count - d.count, total = a.total - d.total
  FROM (SELECT o.channel_id, r.label, count(*) AS count, sum(r.rating) AS total
        FROM audience_removed o JOIN video_rating r ON r.video_id = o.id GROUP BY o.channel_id, r.label) d
  WHERE a.channel_id = d.channel_id AND a.label = d.label;
  RETURN NULL;
END $$;
CREATE TRIGGER audience_videos_added AFTER INSERT ON video
  REFERENCING NEW TABLE AS audience_added FOR EACH STATEMENT EXECUTE FUNCTION audience_videos_added();
CREATE TRIGGER audience_videos_removed AFTER DELETE ON video
  REFERENCING OLD TABLE AS audience_removed FOR EACH STATEMENT EXECUTE FUNCTION audience_videos_removed();
`,
  },
];
