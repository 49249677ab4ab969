import { BULK_MAX_IDS } from '@verdant/contract';
import type { MultiSelectType } from './grid-map';
import type { MovingPlant } from '../../scouting/components/box-panel';

/** A bulk change just made on the chosen boxes, which the selection bar offers to undo. */
export interface AppliedChange {
  changeId: number;
  count: number;
}

/** A box of the room's map, by its grid. */
export interface BoxRef {
  boxId: number;
  gridId: number;
}

/**
 * What the room page is doing — one at a time, so entering a mode leaves the others: looking at the map
 * (a box's panel open or not), moving a plant (picking where to), choosing boxes (and filling a form for
 * them or treating them), filling a form for the whole room, or adding a grid. The two dialogs and the
 * move remember the open box (`from`) and go back to it when they end without a result.
 */
export type RoomMode =
  | { kind: 'browsing'; selected: BoxRef | null }
  | { kind: 'moving'; plant: MovingPlant; target: BoxRef | null; from: BoxRef | null }
  | {
      kind: 'selecting';
      type: MultiSelectType;
      chosen: ReadonlySet<number>;
      /** Fill a form for them, treat them, or set their status or colour (a bulk change). */
      dialog: SelectDialog;
      refusals: number;
      applied: AppliedChange | null;
    }
  | { kind: 'fillingRoom'; from: BoxRef | null }
  | { kind: 'addingGrid'; from: BoxRef | null };

export type SelectDialog = 'fill' | 'treat' | 'look' | null;

/** The map's layers: shown or not whatever the mode. */
export interface RoomLayers {
  problems: boolean;
  pressure: boolean;
  /** Crop registration's sample plants marked on their boxes (issue 24). */
  samplePlants: boolean;
}

export interface RoomPageState {
  mode: RoomMode;
  layers: RoomLayers;
}

export type RoomAction =
  | { type: 'openBox'; box: BoxRef }
  | { type: 'closeBox' }
  | { type: 'startMove'; plant: MovingPlant }
  | { type: 'pickTarget'; box: BoxRef }
  | { type: 'cancelMove' }
  | { type: 'moved'; to: BoxRef }
  | { type: 'startSelect'; select: MultiSelectType }
  | { type: 'selectType'; select: MultiSelectType }
  /**
   * Boxes tapped or swept: a single tap on a chosen box unchoses it; more than BULK_MAX_IDS (what one bulk change
   * takes) is refused. A form or a treatment takes fewer (MAX_SUBMIT_BOXES): the selection bar says so.
   */
  | { type: 'choose'; boxIds: readonly number[]; how: 'toggle' | 'add' }
  | { type: 'clearChosen' }
  | { type: 'selectDialog'; dialog: SelectDialog }
  /** A bulk change was made on the chosen boxes (offered for undo), or undone (null). */
  | { type: 'applied'; change: AppliedChange | null }
  | { type: 'fillRoom' }
  | { type: 'addGrid' }
  /** Ends the current mode: back to the map (with the box it remembers, if any). */
  | { type: 'done' }
  | { type: 'showProblems'; on: boolean }
  | { type: 'showPressure'; on: boolean }
  | { type: 'showSamplePlants'; on: boolean };

export const initialRoomState: RoomPageState = { mode: { kind: 'browsing', selected: null }, layers: { problems: true, pressure: false, samplePlants: false } };

const browsing = (selected: BoxRef | null = null): RoomMode => ({ kind: 'browsing', selected });

/** The box whose panel is open (or would be, once the mode ends). */
export function openBoxOf(mode: RoomMode): BoxRef | null {
  if (mode.kind === 'browsing') return mode.selected;
  if (mode.kind === 'selecting') return null;
  return mode.from;
}

export function roomReducer(state: RoomPageState, action: RoomAction): RoomPageState {
  const { mode } = state;
  const to = (next: RoomMode): RoomPageState => ({ ...state, mode: next });
  switch (action.type) {
    case 'showProblems':
      return { ...state, layers: { ...state.layers, problems: action.on } };
    case 'showPressure':
      return { ...state, layers: { ...state.layers, pressure: action.on } };
    case 'showSamplePlants':
      return { ...state, layers: { ...state.layers, samplePlants: action.on } };
    case 'openBox':
      return to(browsing(action.box));
    case 'closeBox':
      return mode.kind === 'browsing' ? to(browsing()) : state;
    case 'startMove':
      return to({ kind: 'moving', plant: action.plant, target: null, from: openBoxOf(mode) });
    case 'pickTarget':
      return mode.kind === 'moving' ? to({ ...mode, target: action.box }) : state;
    case 'cancelMove':
      return mode.kind === 'moving' ? to(browsing(mode.from)) : state;
    case 'moved':
      return to(browsing(action.to));
    case 'startSelect':
      return to({ kind: 'selecting', type: action.select, chosen: new Set(), dialog: null, refusals: 0, applied: null });
    case 'selectType':
      return mode.kind === 'selecting' ? to({ ...mode, type: action.select }) : state;
    case 'choose': {
      if (mode.kind !== 'selecting') return state;
      const next = new Set(mode.chosen);
      const [only] = action.boxIds;
      if (action.how === 'toggle' && action.boxIds.length === 1 && only !== undefined && next.has(only)) next.delete(only);
      else for (const id of action.boxIds) next.add(id);
      if (next.size > BULK_MAX_IDS) return to({ ...mode, refusals: mode.refusals + 1 });
      return to({ ...mode, chosen: next });
    }
    case 'clearChosen':
      return mode.kind === 'selecting' ? to({ ...mode, chosen: new Set() }) : state;
    case 'selectDialog':
      return mode.kind === 'selecting' ? to({ ...mode, dialog: action.dialog }) : state;
    case 'applied':
      return mode.kind === 'selecting' ? to({ ...mode, dialog: null, applied: action.change }) : state;
    case 'fillRoom':
      return to({ kind: 'fillingRoom', from: openBoxOf(mode) });
    case 'addGrid':
      return to({ kind: 'addingGrid', from: openBoxOf(mode) });
    case 'done':
      return to(browsing(openBoxOf(mode)));
  }
}
