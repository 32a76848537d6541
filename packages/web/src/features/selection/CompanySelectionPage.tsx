import { useTexts } from '../../api/i18n.ts';
import { CompanySelector } from '../../components/selection/CompanySelector.tsx';
import { useSelectionActions } from '../../components/selection/useSelectionActions.ts';
import { SelectionFrame } from './SelectionFrame.tsx';
import { selectionTexts } from './texts.ts';

/** /preference/active-company: choose group and company, then go on to application selection. */
export default function CompanySelectionPage() {
  const actions = useSelectionActions();
  const t = useTexts(selectionTexts);
  return (
    <SelectionFrame title={t('selectCompany')} subtitle={t('chooseCompany')}>
      <CompanySelector onConfirm={actions.companyFromPage} />
    </SelectionFrame>
  );
}
