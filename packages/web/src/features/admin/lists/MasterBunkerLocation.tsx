import { bunkerLocation } from '@fleet/shared/resources/bunker-location.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

/** Bunker Location list (spec 000 §2 "Master lists"): name, created by, created date; add, edit, delete. */
export default function MasterBunkerLocation() {
  return <ResourcePage def={bunkerLocation} />;
}
