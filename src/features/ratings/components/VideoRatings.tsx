import { useState } from 'react';
import { Box, Rating, Stack, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { useGetVideoRatingsQuery, useRateVideoMutation } from '../api';
import { RATING_RECIPIENT_ID, type RatingLabel } from '../types';

interface Props {
  videoUrl: string;
  /** The visitor's known e-mail (userEmail); null until they give one. */
  email: string | null;
  /** Asks the visitor for their e-mail (the email popin); null when they close it without one. */
  requestEmail: () => Promise<string | null>;
}

/**
 * Three five-star ratings (spec §2.4). A click sets the rating; without a known e-mail the
 * e-mail is asked first, and the rating is sent once it is given (spec §4). Failures are
 * only logged (spec §8). Each criterion shows the video's average.
 */
export function VideoRatings({ videoUrl, email, requestEmail }: Props) {
  const { data } = useGetVideoRatingsQuery(videoUrl);
  const [rateVideo] = useRateVideoMutation();
  const [mine, setMine] = useState<Partial<Record<RatingLabel, number>>>({});

  const rate = async (label: RatingLabel, rating: number) => {
    const previous = mine[label];
    setMine((current) => ({ ...current, [label]: rating }));
    const known = email ?? (await requestEmail());
    if (!known) {
      setMine((current) => ({ ...current, [label]: previous }));
      return;
    }
    try {
      await rateVideo({ label, videourl: videoUrl, rating, email: known, recipientid: RATING_RECIPIENT_ID }).unwrap();
    } catch (error) {
      console.error('Rating failure', error);
    }
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
                value={mine[label] ?? null}
                getLabelText={fr.ratings.stars}
                emptyLabelText={fr.ratings.noStar}
                // A click on the current value would clear it; a rating is replaced, never withdrawn.
                onChange={(_event, value) => value !== null && void rate(label, value)}
              />
              <Typography variant="body2" color="text.secondary">
                {fr.ratings.summary(aggregate?.average ?? null, aggregate?.count ?? 0)}
              </Typography>
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
