import { useTranslation } from 'react-i18next';
import { Button, Switch } from '../../../../components/ui';
import { Icon } from '../../../../components/icons';
import { PhoneLabel } from './phone-label';

/**
 * What the room map shows (problems, or pressure over time) and the way into "Select boxes". One row on a
 * phone — short labels, the selection button as an icon — so the map stays in the first screen.
 */
export function MapModeControls({
  showProblems,
  onShowProblems,
  showPressure,
  onShowPressure,
  online,
  canSelect,
  selectDisabled,
  onSelect,
  samplePlants,
}: {
  showProblems: boolean;
  onShowProblems: (on: boolean) => void;
  showPressure: boolean;
  onShowPressure: (on: boolean) => void;
  online: boolean;
  canSelect: boolean;
  selectDisabled: boolean;
  onSelect: () => void;
  /** The room's sample plants (crop registration): the switch shows only when it has some. */
  samplePlants?: { count: number; on: boolean; onChange: (on: boolean) => void };
}) {
  const { t } = useTranslation('rooms');
  return (
    <div className="mb-2 flex flex-wrap items-center justify-end gap-2">
      <Switch
        checked={showProblems && !showPressure}
        onChange={onShowProblems}
        label={<PhoneLabel short={t('problems.showShort')} long={t('problems.show')} />}
        disabled={showPressure}
        className="gap-2"
      />
      <Switch
        checked={showPressure}
        onChange={onShowPressure}
        label={<PhoneLabel short={t('pressure.showShort')} long={t('pressure.show')} />}
        disabled={!online}
        className="gap-2"
      />
      {samplePlants && samplePlants.count > 0 && (
        <Switch
          checked={samplePlants.on}
          onChange={samplePlants.onChange}
          label={<PhoneLabel short={t('samplePlants.showShort')} long={t('samplePlants.show', { count: samplePlants.count })} />}
          className="gap-2"
        />
      )}
      {canSelect && (
        <Button variant="secondary" aria-label={t('select.start')} className="px-3 sm:px-4" disabled={selectDisabled} onClick={onSelect}>
          <Icon name="check" className="size-4 sm:hidden" />
          <span className="hidden sm:inline">{t('select.start')}</span>
        </Button>
      )}
    </div>
  );
}
