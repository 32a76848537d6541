import { Page } from '../../components/Page.tsx';

/** Remain On Board — built by a later issue; until then only its title. */
export default function RemainOnBoard() {
  return <Page title="Remain On Board" />;
}
