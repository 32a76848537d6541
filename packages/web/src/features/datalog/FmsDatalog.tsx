import { Page } from '../../components/Page.tsx';

/** Datalog — built by a later issue; until then only its title. */
export default function FmsDatalog() {
  return <Page title="Datalog" />;
}
