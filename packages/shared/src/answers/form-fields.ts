import { z } from 'zod';

/**
 * One input of a resource's form as a list answer describes it beside `data` (`fields` of `GET /api/master/asset`,
 * spec 000 §3 "fields schema"): the fields a client may write, in order.
 */
export const formFieldSchema = z.object({
  Field: z.string(),
  Label: z.string(),
  /** varchar, text, int, decimal, date, json, password, email, or enum('a','b') */
  Type: z.string(),
  Required: z.boolean(),
  Options: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })).optional(),
  /** the resource whose rows a reference is chosen from */
  Ref: z.string().optional(),
  Default: z.union([z.string(), z.number()]).optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;
