import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { aiModelsQuery } from '../../../api/queries/company-settings';
import { aiModelRecipeQuery } from '../../../api/queries/scan-models';
import { holdsDeviceModel, keepDeviceModel } from '../../../api/scan-models';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { planDeviceModel, webAssemblyOffered, type DeviceModelPlan } from './device-model';

/** Whether this phone holds the company's classifier: being checked, being downloaded, held, or not. */
export type Keeping = 'checking' | 'downloading' | 'held' | 'absent';

/**
 * The company's model as this phone runs it. For an ONNX classifier that fits, an online phone keeps the
 * model and the runtime's WASM on the device as soon as Scan now opens (not the runtime's code: that loads
 * only when a scan runs it), so a later scan without a connection still runs it.
 */
export function useDeviceModel(companyId: number, aiModel: string): { plan: DeviceModelPlan; keeping: Keeping } {
  const online = useOnlineStatus();
  const models = useQuery({ ...aiModelsQuery(companyId), enabled: companyId > 0 });
  const info = models.data?.find((m) => m.name === aiModel);
  const onnx = info?.type === 'onnx';
  const recipe = useQuery({ ...aiModelRecipeQuery(companyId, aiModel), enabled: onnx && companyId > 0, retry: false });
  const [keeping, setKeeping] = useState<Keeping>('checking');
  const wasm = webAssemblyOffered();
  const plan = planDeviceModel({ model: info, recipe: recipe.data ?? null, held: keeping === 'held', online, wasm });
  const wanted = plan.kind === 'onnx' || (plan.kind === 'serverOnly' && plan.problem === 'notHeld' && recipe.data) ? recipe.data : undefined;

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void (async () => {
      try {
        if (await holdsDeviceModel(companyId, wanted)) {
          if (live) setKeeping('held');
          return;
        }
        if (!online) {
          if (live) setKeeping('absent');
          return;
        }
        if (live) setKeeping('downloading');
        await keepDeviceModel(companyId, wanted);
        if (live) setKeeping((await holdsDeviceModel(companyId, wanted)) ? 'held' : 'absent');
      } catch (err) {
        console.warn('The model could not be kept on this phone', err);
        if (live) setKeeping('absent');
      }
    })();
    return () => {
      live = false;
    };
  }, [companyId, wanted, online]);

  return { plan, keeping };
}
