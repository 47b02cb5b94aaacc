import { importedGroupName } from './groupName';
import { readSubscriptionFile } from './subscriptionFormats';

const CHANNEL = 'UCU89K1D5a0HECbLMQsNcCGc';

it('takes a group name as the API would: 60 characters at most, whole emoji, one visible', () => {
  expect(importedGroupName('Sciences')).toBe('Sciences');
  expect(importedGroupName('😀'.repeat(70))).toBe('😀'.repeat(60));
  for (const invisible of ['\u200b\u200b', '\u0001', '\u200d\ufeff\u2060', ' \u00a0\u3000', '\u0301', '']) expect(importedGroupName(invisible)).toBeNull();
});

it('leaves out of an imported file the groups whose name shows nothing', () => {
  const profile = (id: string, name: string) => JSON.stringify({ _id: id, name, subscriptions: [{ id: CHANNEL, name: 'Atelier' }] });
  const file = readSubscriptionFile([profile('allChannels', 'Toutes'), profile('a', '\u200b\u200c'), profile('b', 'Bois')].join('\n'));
  expect(file.groups.map((group) => group.name)).toEqual(['Bois']);
});
