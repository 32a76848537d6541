import { company } from '@fleet/shared/resources/company.ts';
import { useNavigate } from 'react-router';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { routeNames } from '../../../routing/route-names.ts';
import { CompanyStatusTag } from './CompanyStatusTag.tsx';

/**
 * Company List (spec 000 §2): filters by group and status; Name, Link to Group, Status; the 'Add New Company' /
 * 'Edit Company' form (searchable group select, phone placeholders); view goes to Company Detail.
 */
export default function Company() {
  const navigate = useNavigate();
  return (
    <ResourcePage
      def={company}
      filters={['compGrcpId', 'compStatus']}
      render={{ compStatus: (v) => <CompanyStatusTag value={v} /> }}
      onDetail={(row) => navigate(routeNames.CompanyDetail(row.compId))}
    />
  );
}
