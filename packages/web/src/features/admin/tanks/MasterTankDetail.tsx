import type { TankHeaderRow } from '@fleet/shared/answers/resource-rows.ts';
import { tankDetail } from '@fleet/shared/resources/tank-detail.ts';
import { tankHeader } from '@fleet/shared/resources/tank-header.ts';
import { useNavigate, useParams } from 'react-router';
import { useTexts } from '../../../api/i18n.ts';
import { useResourceRow } from '../../../api/resources.ts';
import { Page } from '../../../components/Page.tsx';
import { requiredCheck } from '../../../components/resource/form-checks.ts';
import { useResourceDef } from '../../../components/resource/language.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { routeNames } from '../../../routing/route-names.ts';
import { isNotFound, NotFoundState } from '../NotFoundState.tsx';
import { adminTexts } from '../texts.ts';

// The client checks of spec 001 §5: height, volume and weight are required, all three (the spec's weight check
// tests a wrongly named field and never fires: docs/spec-deviations.md).
const checkRequired = requiredCheck(tankDetail);

/** Tank Detail list (spec 001 §2): the rows of one tank header's sounding table, with a back link. */
export default function MasterTankDetail() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const t = useTexts(adminTexts);
  const title = useResourceDef(tankDetail).texts.title;
  const header = useResourceRow<TankHeaderRow>(tankHeader, id);
  if (isNotFound(header.error)) {
    return (
      <Page title={t('tankDetail')}>
        <NotFoundState title={t('tankHeaderNotFound')} onBack={() => navigate(routeNames.MasterTank())} />
      </Page>
    );
  }
  return (
    <ResourcePage
      key={id}
      def={tankDetail}
      title={header.data ? t('titleOf', { title, name: header.data.tahdName }) : title}
      fixedFinds={{ tadtTahdId: id }}
      onBack={() => navigate(routeNames.MasterTank())}
      form={{ fixedValues: { tadtTahdId: id }, validate: checkRequired }}
    />
  );
}
