import { localNotesMerged, noteAdded, noteDeleted, noteEdited, noteShareToggled, notesSlice } from './slice';

const reduce = notesSlice.reducer;

describe('notes slice', () => {
  it('gives a note the playback second minus 10, never below 0, in the action itself', () => {
    expect(noteAdded({ videoId: 'v', playbackSecond: 47.8, message: 'a' }).payload.time).toBe(37);
    expect(noteAdded({ videoId: 'v', playbackSecond: 10, message: 'a' }).payload.time).toBe(0);
    expect(noteAdded({ videoId: 'v', playbackSecond: 4, message: 'a' }).payload.time).toBe(0);
  });

  it('appends notes per video with the video’s next id and trimmed text', () => {
    let state = reduce(undefined, noteAdded({ videoId: 'v1', playbackSecond: 47, message: '  Première  ' }));
    state = reduce(state, noteAdded({ videoId: 'v1', playbackSecond: 95, message: 'Deuxième' }));
    state = reduce(state, noteAdded({ videoId: 'v2', playbackSecond: 12, message: 'Autre vidéo' }));
    expect(state.byVideo).toEqual({
      v1: [
        { id: 1, time: 37, description: 'Première', showShareOptions: false },
        { id: 2, time: 85, description: 'Deuxième', showShareOptions: false },
      ],
      v2: [{ id: 1, time: 2, description: 'Autre vidéo', showShareOptions: false }],
    });
  });

  it('toggles a note’s share options, deletes notes, and drops a video left without notes', () => {
    let state = reduce(undefined, noteAdded({ videoId: 'v1', playbackSecond: 20, message: 'a' }));
    state = reduce(state, noteAdded({ videoId: 'v1', playbackSecond: 30, message: 'b' }));
    state = reduce(state, noteShareToggled({ videoId: 'v1', noteId: 2 }));
    expect(state.byVideo.v1.map((n) => n.showShareOptions)).toEqual([false, true]);
    state = reduce(state, noteShareToggled({ videoId: 'v1', noteId: 2 }));
    expect(state.byVideo.v1[1].showShareOptions).toBe(false);
    state = reduce(state, noteDeleted({ videoId: 'v1', noteId: 1 }));
    state = reduce(state, noteAdded({ videoId: 'v1', playbackSecond: 40, message: 'c' }));
    expect(state.byVideo.v1.map((n) => [n.id, n.description])).toEqual([
      [2, 'b'],
      [3, 'c'],
    ]);
    state = reduce(state, noteDeleted({ videoId: 'v1', noteId: 2 }));
    state = reduce(state, noteDeleted({ videoId: 'v1', noteId: 3 }));
    expect(state.byVideo).toEqual({});
  });

  it('is deterministic: replaying the same actions gives the same state, and actions are plain data', () => {
    const actions = [
      noteAdded({ videoId: 'v1', playbackSecond: 47, message: 'x' }),
      noteShareToggled({ videoId: 'v1', noteId: 1 }),
      noteAdded({ videoId: 'v1', playbackSecond: 60, message: 'y' }),
    ];
    const replay = () => actions.reduce(reduce, undefined as unknown as ReturnType<typeof reduce>);
    expect(replay()).toEqual(replay());
    expect(JSON.parse(JSON.stringify(actions))).toEqual(actions);
  });
});

describe('notes slice, issue 42', () => {
  it('keeps a time typed by hand as it is, edits a note in place and forgets merged notes only', () => {
    let state = reduce(undefined, noteAdded({ videoId: 'v1', playbackSecond: 0, at: 125, message: ' Tapé ' }));
    state = reduce(state, noteAdded({ videoId: 'v1', playbackSecond: 40, message: 'Lecteur' }));
    state = reduce(state, noteAdded({ videoId: 'v2', playbackSecond: 40, message: 'Ailleurs' }));
    expect(state.byVideo.v1.map((n) => [n.time, n.description])).toEqual([[125, 'Tapé'], [30, 'Lecteur']]);
    state = reduce(state, noteEdited({ videoId: 'v1', noteId: 2, time: 31, description: ' Revu ' }));
    expect(state.byVideo.v1[1]).toMatchObject({ time: 31, description: 'Revu' });
    state = reduce(state, localNotesMerged([{ videoId: 'v1', noteId: 1 }, { videoId: 'v2', noteId: 1 }]));
    expect(state.byVideo).toEqual({ v1: [{ id: 2, time: 31, description: 'Revu', showShareOptions: false }] });
  });
});
