import { fuelType } from '@fleet/shared/resources/fuel-type.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

/** Fuel Type list (spec 000 §2 "Master lists"): name, created by, created date; add, edit, delete. */
export default function MasterFuelType() {
  return <ResourcePage def={fuelType} />;
}
