import { useTexts } from '../../api/i18n.ts';
import { storage } from '../../api/session-storage.ts';
import { AppSelector } from '../../components/selection/AppSelector.tsx';
import { useSelectionActions } from '../../components/selection/useSelectionActions.ts';
import { SelectionFrame } from './SelectionFrame.tsx';
import { selectionTexts } from './texts.ts';

/** /preference/active-app: choose the application, then go to the page asked for before sign-in, else its home. */
export default function AppSelectionPage() {
  const actions = useSelectionActions();
  const t = useTexts(selectionTexts);
  return (
    <SelectionFrame title={t('selectApplication')} subtitle={t('chooseApplication')} wide>
      <AppSelector
        onConfirm={async (app) => {
          await actions.app(app, storage.returnTo());
          storage.setReturnTo(null); // reached: a later selection goes to the app's home
        }}
      />
    </SelectionFrame>
  );
}
