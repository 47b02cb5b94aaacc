import { startXStandIn, type XStandIn } from '../../server/testing/xStandIn';

/** The stand-in of X's API the browser tests' server reads: the first demo recipient's account. */
export async function startDemoX(): Promise<XStandIn> {
  const x = await startXStandIn();
  x.accounts.set('emma_fi', {
    id: '1501',
    username: 'emma_fi',
    name: 'Emma Finance',
    followers: 4200,
    posts: [{ id: '1800000000000000001', text: 'Nouvelle vidéo sur l’épargne !', created_at: '2026-11-18T09:00:00.000Z', likes: 31 }],
  });
  return x;
}
