import { configAe } from '@fleet/shared/resources/config-ae.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

/** Config AE list (spec 001 §2): device id, unique id, number and the three rates (step 0.1); 50 per page. */
export default function MasterConfigAe() {
  return <ResourcePage def={configAe} search={false} render={{ mcaeDevcId: (v) => v }} />;
}
