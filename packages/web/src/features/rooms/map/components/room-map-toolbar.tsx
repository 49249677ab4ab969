import type { Dispatch } from 'react';
import type { RoomProblemStyles } from '../../api/use-room-problem-styles';
import { MapModeControls } from './map-mode-controls';
import { ProblemLegend } from './problem-legend';
import type { RoomAction, RoomPageState } from './room-modes';

interface Props {
  state: RoomPageState;
  dispatch: Dispatch<RoomAction>;
  problemStyles: RoomProblemStyles;
  online: boolean;
  /** How many sample plants the room has this week (their layer's switch shows when there are some). */
  samplePlantCount?: number;
}

/** Above the map: its layers and "Select boxes", and beside them the key of what the map shows. */
export function RoomMapToolbar({ state, dispatch, problemStyles, online, samplePlantCount = 0 }: Props) {
  const { mode, layers } = state;
  const selecting = mode.kind === 'selecting';
  const problemsShown = layers.problems && !layers.pressure;
  return (
    // From `sm` up the key sits beside the map's switches, not under them: the map gets the height.
    <div className="flex flex-col sm:flex-row-reverse sm:items-start sm:justify-between sm:gap-4">
      <div className="sm:shrink-0">
        <MapModeControls
          showProblems={layers.problems}
          onShowProblems={(on) => dispatch({ type: 'showProblems', on })}
          showPressure={layers.pressure}
          onShowPressure={(on) => dispatch({ type: 'showPressure', on })}
          online={online}
          canSelect={!selecting}
          selectDisabled={mode.kind === 'moving'}
          onSelect={() => dispatch({ type: 'startSelect', select: 'Coordinates' })}
          samplePlants={{ count: samplePlantCount, on: layers.samplePlants, onChange: (on) => dispatch({ type: 'showSamplePlants', on }) }}
        />
      </div>
      <div className="min-w-0 flex-1">
        <ProblemLegend
          entries={problemsShown ? problemStyles.legend : []}
          suspected={problemsShown ? problemStyles.suspected : null}
          showProblems={problemsShown}
          loading={layers.problems && online && problemStyles.pending}
          failed={layers.problems && problemStyles.failed}
          offline={!online}
          selecting={selecting}
        />
      </div>
    </div>
  );
}
