import { AppSelector } from '../../components/selection/AppSelector.tsx';
import { useSelectionActions } from '../../components/selection/useSelectionActions.ts';
import { SelectionFrame } from './SelectionFrame.tsx';

/** /preference/active-app: choose the application, then go to its home. */
export default function AppSelectionPage() {
  const actions = useSelectionActions();
  return (
    <SelectionFrame title="Select Application" subtitle="Choose the application to work in." wide>
      <AppSelector onConfirm={actions.app} />
    </SelectionFrame>
  );
}
