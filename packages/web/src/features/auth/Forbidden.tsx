import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** /401 (spec 002 §2.18). */
export default function Forbidden() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle="Unfortunately, you don't have access for this feature"
      extra={
        <Button type="primary" onClick={() => navigate(-1)}>
          Back
        </Button>
      }
    />
  );
}
