import { type Operation, parseOperations } from '@fleet/shared/permissions.ts';
import { permission } from '@fleet/shared/resources/permission.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { formatDateTime } from '../admin-ui.ts';
import { OperationsPicker, OperationsTags } from './OperationsTags.tsx';

/** The form keeps prmsOperations as its JSON text; the checkboxes read and write it. */
function OperationsJsonInput({ value, onChange }: { value?: string; onChange?: (json: string) => void }) {
  return (
    <OperationsPicker value={parseOperations(value)} onChange={(ops: Operation[]) => onChange?.(JSON.stringify(ops))} />
  );
}

/** Permission list (spec 001 §2): name, operations, created date with time; add/edit modal; delete. */
export default function Permission() {
  return (
    <ResourcePage
      def={permission}
      render={{
        prmsOperations: (v) => <OperationsTags json={v} />,
        prmsCreatedTime: (v) => formatDateTime(v),
      }}
      sheet={{
        prmsOperations: (v) => parseOperations(v as string).join(', '),
        prmsCreatedTime: (v) => formatDateTime(v),
      }}
      form={{ renderField: { prmsOperations: () => <OperationsJsonInput /> } }}
    />
  );
}
