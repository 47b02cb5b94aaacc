import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { AudienceWeeksChart } from './AudienceWeeks';

const TOO_FEW = 'Pas encore assez de semaines pour tracer une évolution : il en faut au moins deux.';
const week = (monday: string, followers: number) => ({ week: monday, followers, newFollowers: 1, ratingsCount: 2, average: 4 });

describe('a creator’s weekly chart', () => {
  it('says in French that one week is not an evolution', () => {
    renderWithProviders(<AudienceWeeksChart weeks={[week('2026-11-23', 3)]} />);
    expect(screen.getByText(TOO_FEW)).toBeInTheDocument();
  });

  it('draws two weeks and more, with its three series named', () => {
    renderWithProviders(<AudienceWeeksChart weeks={[week('2026-11-16', 2), week('2026-11-23', 3)]} />);
    expect(screen.queryByText(TOO_FEW)).toBeNull();
    for (const label of ['Abonnés', 'Nouveaux abonnés', 'Notes données']) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
  });
});
