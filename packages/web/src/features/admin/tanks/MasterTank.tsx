import { tankHeader } from '@fleet/shared/resources/tank-header.ts';
import { useNavigate } from 'react-router';
import { routeNames } from '../../../app/route-names.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { requireFields } from '../admin-ui.ts';

/** Client checks of spec 001 §5 for a tank header. */
export const TANK_HEADER_REQUIRED = {
  tahdCompId: 'Company is required',
  tahdName: 'Tank Header Name is required',
  tahdUnit: 'Unit is required',
  tahdFuelType: 'Fuel Type is required',
};

/** Tank Header list (spec 001 §2): company filter (All = no company filter); Detail opens its tank table. */
export default function MasterTank() {
  const navigate = useNavigate();
  return (
    <ResourcePage
      def={tankHeader}
      filters={['tahdCompId']}
      onDetail={(row) => navigate(routeNames.MasterTankDetail(row.tahdId))}
      form={{ validate: (values) => requireFields(values, TANK_HEADER_REQUIRED) }}
    />
  );
}
