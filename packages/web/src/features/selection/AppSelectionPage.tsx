import { useTexts } from '../../api/i18n.ts';
import { AppSelector } from '../../components/selection/AppSelector.tsx';
import { useSelectionActions } from '../../components/selection/useSelectionActions.ts';
import { SelectionFrame } from './SelectionFrame.tsx';
import { selectionTexts } from './texts.ts';

/** /preference/active-app: choose the application, then go to its home. */
export default function AppSelectionPage() {
  const actions = useSelectionActions();
  const t = useTexts(selectionTexts);
  return (
    <SelectionFrame title={t('selectApplication')} subtitle={t('chooseApplication')} wide>
      <AppSelector onConfirm={actions.app} />
    </SelectionFrame>
  );
}
