import { describe, expect, it } from 'vitest';
import { BULK_MAX_IDS } from '@verdant/contract';
import type { MovingPlant } from '../../scouting/components/box-panel';
import { initialRoomState, openBoxOf, roomReducer, type RoomAction, type RoomPageState } from '../components/room-modes';

const box = { boxId: 5, gridId: 2 };
const plant: MovingPlant = { plantUid: 'P-1', fromBoxId: 5, fromName: 'A1' };
const run = (...actions: RoomAction[]): RoomPageState => actions.reduce(roomReducer, initialRoomState);

describe('room page modes', () => {
  it('starts on the map with problems shown and no box open', () => {
    expect(initialRoomState).toEqual({ mode: { kind: 'browsing', selected: null }, layers: { problems: true, pressure: false, samplePlants: false } });
  });

  it('entering a mode leaves the others: choosing boxes closes the open box and a move; a move ends a selection', () => {
    const selecting = run({ type: 'openBox', box }, { type: 'startSelect', select: 'Area' }, { type: 'choose', boxIds: [1, 2], how: 'add' });
    expect(selecting.mode).toMatchObject({ kind: 'selecting', type: 'Area', dialog: null });
    expect(openBoxOf(selecting.mode)).toBeNull();

    const moving = roomReducer(selecting, { type: 'startMove', plant });
    expect(moving.mode).toEqual({ kind: 'moving', plant, target: null, from: null });

    const reselect = roomReducer(moving, { type: 'startSelect', select: 'Coordinates' });
    expect(reselect.mode).toMatchObject({ kind: 'selecting', type: 'Coordinates' });
    expect(reselect.mode.kind === 'selecting' && reselect.mode.chosen.size).toBe(0);

    const filling = roomReducer(reselect, { type: 'fillRoom' });
    expect(filling.mode).toEqual({ kind: 'fillingRoom', from: null });
    expect(roomReducer(filling, { type: 'addGrid' }).mode).toEqual({ kind: 'addingGrid', from: null });
  });

  it('a move picks its target, goes back to the box it started from when cancelled, and to the new box when done', () => {
    const moving = run({ type: 'openBox', box }, { type: 'startMove', plant }, { type: 'pickTarget', box: { boxId: 9, gridId: 3 } });
    expect(moving.mode).toEqual({ kind: 'moving', plant, target: { boxId: 9, gridId: 3 }, from: box });
    expect(roomReducer(moving, { type: 'cancelMove' }).mode).toEqual({ kind: 'browsing', selected: box });
    expect(roomReducer(moving, { type: 'moved', to: { boxId: 9, gridId: 3 } }).mode).toEqual({ kind: 'browsing', selected: { boxId: 9, gridId: 3 } });
  });

  it('the room dialogs keep the open box for when they close; a pick outside a move changes nothing', () => {
    const adding = run({ type: 'openBox', box }, { type: 'addGrid' });
    expect(roomReducer(adding, { type: 'done' }).mode).toEqual({ kind: 'browsing', selected: box });
    expect(run({ type: 'openBox', box }, { type: 'pickTarget', box: { boxId: 1, gridId: 1 } }).mode).toEqual({ kind: 'browsing', selected: box });
  });

  it('choosing toggles a single tapped box, adds a sweep, refuses more than the limit, and the selection dialogs stay in the mode', () => {
    let s = run({ type: 'startSelect', select: 'Coordinates' }, { type: 'choose', boxIds: [1], how: 'toggle' }, { type: 'choose', boxIds: [2, 3], how: 'add' });
    expect(s.mode.kind === 'selecting' && [...s.mode.chosen]).toEqual([1, 2, 3]);
    s = roomReducer(s, { type: 'choose', boxIds: [1], how: 'toggle' });
    expect(s.mode.kind === 'selecting' && [...s.mode.chosen]).toEqual([2, 3]);

    const many = Array.from({ length: BULK_MAX_IDS - 1 }, (_, i) => 100 + i);
    const refused = roomReducer(s, { type: 'choose', boxIds: many, how: 'add' });
    expect(refused.mode).toMatchObject({ kind: 'selecting', refusals: 1 });
    expect(refused.mode.kind === 'selecting' && [...refused.mode.chosen]).toEqual([2, 3]);

    const treating = roomReducer(refused, { type: 'selectDialog', dialog: 'treat' });
    expect(treating.mode).toMatchObject({ kind: 'selecting', dialog: 'treat' });
    expect(roomReducer(treating, { type: 'selectDialog', dialog: null }).mode).toMatchObject({ kind: 'selecting', dialog: null });
    expect(roomReducer(treating, { type: 'done' }).mode).toEqual({ kind: 'browsing', selected: null });
  });

  it('a bulk change made from the selection closes its dialog and is offered for undo until undone or a new selection starts', () => {
    const looking = run({ type: 'startSelect', select: 'Area' }, { type: 'choose', boxIds: [1, 2], how: 'add' }, { type: 'selectDialog', dialog: 'look' });
    expect(looking.mode).toMatchObject({ kind: 'selecting', dialog: 'look', applied: null });
    const applied = roomReducer(looking, { type: 'applied', change: { changeId: 9, count: 2 } });
    expect(applied.mode).toMatchObject({ kind: 'selecting', dialog: null, applied: { changeId: 9, count: 2 } });
    expect(roomReducer(applied, { type: 'clearChosen' }).mode).toMatchObject({ applied: { changeId: 9 } });
    expect(roomReducer(applied, { type: 'applied', change: null }).mode).toMatchObject({ applied: null });
    expect(roomReducer(applied, { type: 'startSelect', select: 'Area' }).mode).toMatchObject({ applied: null });
    expect(run({ type: 'applied', change: { changeId: 9, count: 2 } })).toEqual(initialRoomState);
  });

  it('the layers stay whatever the mode', () => {
    const s = run({ type: 'showPressure', on: true }, { type: 'showProblems', on: false }, { type: 'showSamplePlants', on: true }, { type: 'startSelect', select: 'Area' }, { type: 'done' });
    expect(s.layers).toEqual({ problems: false, pressure: true, samplePlants: true });
  });
});
