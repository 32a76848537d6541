import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useTexts } from '../../api/i18n.ts';
import { storage } from '../../api/session-storage.ts';
import { CompanySelector } from '../../components/selection/CompanySelector.tsx';
import { useSelectionActions } from '../../components/selection/useSelectionActions.ts';
import { useSession } from '../../stores/session.ts';
import { SelectionFrame } from './SelectionFrame.tsx';
import { selectionTexts } from './texts.ts';

/** Goes to the page asked for, forgetting it. */
function GoOn({ to }: { to: string }) {
  useEffect(() => storage.setReturnTo(null), []);
  return <Navigate to={to} replace />;
}

/**
 * /preference/active-company: choose group and company, then go on to application selection. A page asked for before
 * sign-in (a link opened in a new tab) when the session has its company and application already: straight there.
 */
export default function CompanySelectionPage() {
  const actions = useSelectionActions();
  const t = useTexts(selectionTexts);
  const chosen = useSession((s) => !!s.activeCompany && !!s.activeApp);
  const target = storage.returnTo();
  if (chosen && target) return <GoOn to={target} />;
  return (
    <SelectionFrame title={t('selectCompany')} subtitle={t('chooseCompany')}>
      <CompanySelector onConfirm={actions.companyFromPage} />
    </SelectionFrame>
  );
}
