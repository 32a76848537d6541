import { CompanySelector } from './CompanySelector.tsx';
import { SelectionFrame } from './SelectionFrame.tsx';
import { useSelectionActions } from './useSelectionActions.ts';

/** /preference/active-company: choose group and company, then go on to application selection. */
export default function CompanySelectionPage() {
  const actions = useSelectionActions();
  return (
    <SelectionFrame title="Select Company" subtitle="Choose the group and the company you work for in this session.">
      <CompanySelector onConfirm={actions.companyFromPage} />
    </SelectionFrame>
  );
}
