import { role } from '@fleet/shared/resources/role.ts';
import { useNavigate } from 'react-router';
import { routeNames } from '../../../app/route-names.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

/** Role list (spec 001 §2): role name, 50 per page; add/edit modal; delete; view goes to Role Detail. */
export default function Role() {
  const navigate = useNavigate();
  return <ResourcePage def={role} onDetail={(row) => navigate(routeNames.RoleDetail(row.roleId))} />;
}
