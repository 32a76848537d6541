import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useFilter } from '../../stores/filter.ts';
import { type AppKey, useSession } from '../../stores/session.ts';
import { useView } from '../../stores/view.ts';
import { applicationOf } from './applications.ts';

/** What confirming a company or an application does (spec 000 §2). */
export function useSelectionActions() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setCompany = useSession((s) => s.setCompany);
  const setApp = useSession((s) => s.setApp);

  return {
    /** full page: set the company, go on to application selection */
    async companyFromPage(compId: number) {
      await setCompany(compId);
      navigate('/preference/active-app');
    },
    /** modal: set the company, drop asset data and the asset filter, remount the views */
    async companyFromModal(compId: number) {
      await setCompany(compId);
      queryClient.removeQueries();
      useFilter.getState().reset();
      useView.getState().remountViews();
    },
    /** set the app, go to `target` (the page asked for before sign-in), else the app's home: fms → Home, bunkering → BunkerDashboard */
    async app(app: AppKey, target?: string | null) {
      await setApp(app);
      navigate(target ?? applicationOf(app)?.home ?? '/home');
    },
  };
}
