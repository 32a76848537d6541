import { configTank } from '@fleet/shared/resources/config-tank.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { requireFields } from '../admin-ui.ts';

/** Client checks of spec 001 §5 for a tank configuration. */
export const CONFIG_TANK_REQUIRED = {
  mcotDeviceId: 'Device is required',
  mcotNo: 'Tank Number is required',
  mcotMscaId: 'Sensor Category is required',
  mcotTahdId: 'Tank Header is required',
};

/** Config Tank (spec 001 §2): device filter; device unique id, tank number, tank header, sensor category. */
export default function MasterConfigTank() {
  return (
    <ResourcePage
      def={configTank}
      search={false}
      filters={['mcotDeviceId']}
      form={{ validate: (values) => requireFields(values, CONFIG_TANK_REQUIRED) }}
    />
  );
}
