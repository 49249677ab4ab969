import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { cn } from '../../lib/cn';
import { useOnlineStatus } from '../../lib/use-online-status';

/** Online/offline state in the header; announced when it changes. */
export function OnlineStatus() {
  const { t } = useTranslation('app');
  const online = useOnlineStatus();
  return (
    <span
      role="status"
      className={cn(
        'inline-flex min-h-8 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium ring-1 ring-inset',
        online ? 'bg-green-50 text-green-800 ring-green-300' : 'bg-amber-50 text-amber-900 ring-amber-300',
      )}
    >
      <Icon name={online ? 'wifi' : 'wifiOff'} className="size-4" />
      {online ? t('header.online') : t('header.offline')}
    </span>
  );
}
