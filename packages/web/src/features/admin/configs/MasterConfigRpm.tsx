import { configRpm } from '@fleet/shared/resources/config-rpm.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

/**
 * Config RPM list (spec 001 §2): device id, type (STARBOARD / PORT), unique id, number, min value, the three
 * consumption rates (step 0.1), single engine Yes/No; 50 per page; add/edit modal; delete.
 */
export default function MasterConfigRpm() {
  return <ResourcePage def={configRpm} search={false} render={{ mcrpDevcId: (v) => v }} />;
}
