import { CompanySelector } from '../../components/selection/CompanySelector.tsx';
import { useSelectionActions } from '../../components/selection/useSelectionActions.ts';
import { SelectionFrame } from './SelectionFrame.tsx';

/** /preference/active-company: choose group and company, then go on to application selection. */
export default function CompanySelectionPage() {
  const actions = useSelectionActions();
  return (
    <SelectionFrame title="Select Company" subtitle="Choose the group and the company you work for in this session.">
      <CompanySelector onConfirm={actions.companyFromPage} />
    </SelectionFrame>
  );
}
