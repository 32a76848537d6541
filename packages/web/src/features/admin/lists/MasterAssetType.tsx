import { assetType } from '@fleet/shared/resources/asset-type.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

/** Asset Type list (spec 000 §2 "Master lists"): name, created by, created date; add, edit, delete. */
export default function MasterAssetType() {
  return <ResourcePage def={assetType} />;
}
