import { Button, Result } from 'antd';

/** The not-found state of a detail screen (unknown id, or another company's row). */
export function NotFound({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <Result
      status="404"
      title={title}
      subTitle="It does not exist or belongs to a company you are not working in."
      extra={<Button onClick={onBack}>Back</Button>}
    />
  );
}
