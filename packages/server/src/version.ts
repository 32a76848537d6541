/** The product's version, shown by /api/health and in the OpenAPI document. */
export const VERSION = '0.1.0';
