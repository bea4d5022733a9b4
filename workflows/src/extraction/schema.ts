import { Ajv, type ErrorObject } from 'ajv';

// Extraction schemas: JSON Schema (draft-07 or 2019-09 keywords Ajv knows) of the `data` each result
// carries. A schema is checked when a crawl is created, and every answer is validated against it.

const ajv = new Ajv({ allErrors: true, strict: false });

const describe = (errors: ErrorObject[] | null | undefined): string =>
  (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`).join('; ');

/** What is wrong with a schema, or null when Ajv can compile it. */
export function schemaProblem(schema: unknown): string | null {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return 'Extraction schema must be a JSON Schema object';
  if (!ajv.validateSchema(schema))
    return `Extraction schema is not a valid JSON Schema: ${describe(ajv.errors)}`;
  try {
    ajv.compile(schema);
    return null;
  } catch (err: unknown) {
    return `Extraction schema is not a valid JSON Schema: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** Null when `data` follows the schema, otherwise what does not. */
export function validateData(schema: Record<string, unknown>, data: unknown): string | null {
  const validate = ajv.compile(schema);
  return validate(data) ? null : describe(validate.errors);
}
