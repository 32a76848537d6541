import { Page } from '../../components/Page.tsx';

/** Permission List — built by the administration issue. */
export default function Permission() {
  return <Page title="Permission List" />;
}
