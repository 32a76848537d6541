import { Button, Result } from 'antd';

/**
 * What a detail screen shows when its record does not exist or belongs to another tenant (the server answers
 * both alike, 404): no form, no Save, no Add/Remove lists — only the way back.
 */
export function NotFoundState({ what, onBack }: { what: string; onBack: () => void }) {
  return (
    <Result
      status="404"
      title={`${what} not found`}
      subTitle="It does not exist, or it is not one you may see."
      extra={
        <Button type="primary" onClick={onBack}>
          Back
        </Button>
      }
    />
  );
}

/** The row query ended in 404 (missing, or another tenant's). */
export const isNotFound = (error: unknown) => (error as { httpStatus?: number } | null)?.httpStatus === 404;
