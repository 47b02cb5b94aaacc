import { checkVersion, shapeOf, sliceFingerprints } from './fingerprint';

describe('the state fingerprint', () => {
  it("describes a slice's keys and value types, not its data", () => {
    expect(shapeOf({ b: [{ id: 1 }], a: null, c: 'x' })).toBe('{"a":null,"b":[{"id":number}],"c":string}');
    const one = sliceFingerprints({ auth: { user: null, accessToken: null }, lists: { ids: [1, 2] } });
    const otherData = sliceFingerprints({ auth: { user: null, accessToken: null }, lists: { ids: [7] } });
    const otherShape = sliceFingerprints({ auth: { user: null, accessToken: null, expiresAt: 0 }, lists: { ids: [1] } });
    expect(one).toEqual(otherData);
    expect(one.auth).toMatch(/^[0-9a-f]{8}$/);
    expect(otherShape.auth).not.toBe(one.auth);
    expect(otherShape.lists).toBe(one.lists);
  });
});

describe('checkVersion', () => {
  const current = { version: '1.1.0', commit: 'bbbbbbb', fingerprint: { auth: '00000001', lists: '00000002', router: '00000003' } };

  it('says nothing for a file of the same build', () => {
    expect(checkVersion({ ...current }, current)).toEqual({ otherBuild: false, changedSlices: [], notes: [] });
  });

  it('names the other build and the slices whose shape differs or that one side lacks', () => {
    const file = { version: '1.0.0', commit: 'aaaaaaa', fingerprint: { auth: '0000000f', lists: '00000002' } };
    expect(checkVersion(file, current)).toEqual({
      otherBuild: true,
      changedSlices: ['auth', 'router'],
      notes: ['The file comes from 1.0.0 (aaaaaaa); this is 1.1.0 (bbbbbbb).', 'The shape of these slices differs: auth, router.'],
    });
  });

  it('says when a file does not say which build recorded it', () => {
    expect(checkVersion(undefined, current).notes).toEqual([
      'The file comes from an unknown version; this is 1.1.0 (bbbbbbb).',
      'The file carries no state fingerprint: slices cannot be compared.',
    ]);
  });
});
