import { groupCompany } from '@fleet/shared/resources/group-company.ts';
import { useNavigate } from 'react-router';
import { routeNames } from '../../../app/route-names.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

/** Group list (spec 001 §2): nick, name, PIC phone; add/edit modal; delete; view goes to Group Detail. */
export default function Group() {
  const navigate = useNavigate();
  return <ResourcePage def={groupCompany} onDetail={(row) => navigate(routeNames.GroupDetail(row.grcpId))} />;
}
