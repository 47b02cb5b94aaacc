import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Box, Rating, Stack, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { useGetMyRatingsQuery, useGetVideoRatingsQuery, useRateVideoMutation } from '../api';
import { RATING_RECIPIENT_ID, type RatingLabel } from '../types';

interface Props {
  videoUrl: string;
  /** The visitor's known e-mail (userEmail); null until they give one. */
  email: string | null;
  /** The visitor's sign-up token, to show their own stars again; null without one. */
  visitorToken: string | null;
  /** Asks the visitor for their e-mail (the email popin); null when they close it without one. */
  requestEmail: () => Promise<string | null>;
  /** The visitor's token as it is now (the e-mail popin may just have given one). */
  currentToken?: () => string | null;
}

type Stars = Partial<Record<RatingLabel, number>>;

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/**
 * Three five-star ratings (spec §2.4). A click sets the rating; from the keyboard, arrows
 * choose and Enter or Space commits, so that one choice sends one rating. Without a known
 * e-mail the e-mail is asked first, and the rating is sent once it is given (spec §4).
 * Failures are only logged (spec §8). Each criterion shows the video's average, and the
 * visitor's own stars come back on reopening (read with their token).
 */
export function VideoRatings({ videoUrl, email, visitorToken, requestEmail, currentToken }: Props) {
  const { data } = useGetVideoRatingsQuery(videoUrl);
  const { data: saved } = useGetMyRatingsQuery(visitorToken ? { videourl: videoUrl, token: visitorToken } : skipToken);
  const [rateVideo] = useRateVideoMutation();
  const [chosen, setChosen] = useState<Stars>({});
  // Stars moved to with the arrows, shown but not sent until Enter or Space.
  const [pending, setPending] = useState<Stars>({});
  const fromKeyboard = useRef(false);

  const mine = (label: RatingLabel) => pending[label] ?? chosen[label] ?? saved?.mine[label] ?? null;

  const rate = async (label: RatingLabel, rating: number) => {
    const previous = chosen[label];
    setPending((current) => ({ ...current, [label]: undefined }));
    setChosen((current) => ({ ...current, [label]: rating }));
    const known = email ?? (await requestEmail());
    if (!known) {
      setChosen((current) => ({ ...current, [label]: previous }));
      return;
    }
    try {
      const token = currentToken ? currentToken() : visitorToken;
      await rateVideo({ label, videourl: videoUrl, rating, email: known, recipientid: RATING_RECIPIENT_ID, visitorToken: token }).unwrap();
    } catch (error) {
      console.error('Rating failure', error);
    }
  };

  const onKeyDown = (label: RatingLabel) => (event: KeyboardEvent) => {
    if (ARROWS.has(event.key)) {
      fromKeyboard.current = true;
    } else if (event.key === 'Enter' || event.key === ' ') {
      const value = pending[label];
      event.preventDefault();
      if (value !== undefined) void rate(label, value);
    }
  };

  // Leaving the stars without committing puts back what was sent.
  const onBlur = (label: RatingLabel) => (event: FocusEvent) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setPending((current) => ({ ...current, [label]: undefined }));
  };

  return (
    <Stack spacing={1}>
      {fr.ratings.criteria.map((label) => {
        const aggregate = data?.ratings.find((r) => r.label === label);
        return (
          <Box component="fieldset" key={label} sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" variant="subtitle2">
              {label}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Rating
                name={`rating-${label}`}
                max={5}
                value={mine(label)}
                getLabelText={fr.ratings.stars}
                emptyLabelText={fr.ratings.noStar}
                onKeyDown={onKeyDown(label)}
                onPointerDown={() => (fromKeyboard.current = false)}
                onBlur={onBlur(label)}
                // A click on the current value would clear it; a rating is replaced, never withdrawn.
                onChange={(_event, value) => {
                  if (value === null) return;
                  if (fromKeyboard.current) setPending((current) => ({ ...current, [label]: value }));
                  else void rate(label, value);
                }}
              />
              <Typography variant="body2" color="textSecondary">
                {fr.ratings.summary(aggregate?.average ?? null, aggregate?.count ?? 0)}
              </Typography>
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
