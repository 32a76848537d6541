import { AppError, badRequest } from './envelope.ts';

export const MALFORMED_MULTIPART_MESSAGE =
  'The form data could not be read: send a complete multipart/form-data body with its boundary';

const PAYLOAD_TOO_LARGE = 413;

/**
 * A failure while reading a multipart body → the client's answer: a body the parser cannot read (no boundary,
 * cut off, not multipart) is a 400, a file over the limit a 413 with `tooLarge`; anything else stays a fault.
 */
export function multipartError(err: unknown, tooLarge: { field: string; message: string }): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return fileTooLarge(tooLarge.field, tooLarge.message);
  }
  const status = (err as { statusCode?: number }).statusCode;
  // busboy's own errors ("Multipart: Boundary not found", "Unexpected end of form") carry no status
  if (status === undefined || (status >= 400 && status < 500) || /multipart|form|boundary/i.test(String(err))) {
    return badRequest(MALFORMED_MULTIPART_MESSAGE);
  }
  return err;
}

export function fileTooLarge(field: string, message: string) {
  return new AppError(PAYLOAD_TOO_LARGE, { [field]: [message] }, PAYLOAD_TOO_LARGE);
}
