import { Page } from '../../components/Page.tsx';
import DatalogView from './DatalogView.tsx';

/** /report/datalog/fms: the datalog on its own page (spec 002 §2.8). */
export default function FmsDatalog() {
  return (
    <Page title="Datalog">
      <DatalogView />
    </Page>
  );
}
