import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { PressureControls } from './pressure-controls';
import type { PressureMode } from './pressure-mode';
import type { RoomAction, RoomPageState } from './room-modes';
import { SelectionBar } from './selection-bar';

interface Props {
  state: RoomPageState;
  dispatch: Dispatch<RoomAction>;
  pressure: PressureMode;
  online: boolean;
  /** Undo the bulk change the selection bar offers. */
  onUndo: (changeId: number) => void;
  undoing: boolean;
}

/** Under the map's toolbar, what the current mode needs: the selection's actions, the pressure settings, the move's banner. */
export function RoomModeBar({ state, dispatch, pressure, online, onUndo, undoing }: Props) {
  const { t } = useTranslation('rooms');
  const { mode, layers } = state;
  return (
    <>
      {mode.kind === 'selecting' && (
        <SelectionBar
          mode={mode.type}
          onMode={(select) => dispatch({ type: 'selectType', select })}
          count={mode.chosen.size}
          onClear={() => dispatch({ type: 'clearChosen' })}
          onFill={() => dispatch({ type: 'selectDialog', dialog: 'fill' })}
          onTreat={() => dispatch({ type: 'selectDialog', dialog: 'treat' })}
          onLook={() => dispatch({ type: 'selectDialog', dialog: 'look' })}
          applied={mode.applied}
          onUndo={() => mode.applied && onUndo(mode.applied.changeId)}
          undoing={undoing}
          online={online}
          onDone={() => dispatch({ type: 'done' })}
        />
      )}
      {layers.pressure && online && <PressureControls mode={pressure} />}
      {mode.kind === 'moving' && (
        <p role="status" className="mb-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900 ring-1 ring-blue-300">
          {t('move.banner', { uid: mode.plant.plantUid })}
        </p>
      )}
    </>
  );
}
