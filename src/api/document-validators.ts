/**
 * Validators for the schemas of an OpenAPI 3.1 document, compiled by Ajv (JSON Schema 2020-12).
 * Kept apart from document.ts (which imports the YAML text through Vite) so that plain Node
 * processes — the Playwright tests — can check answers against the document served as /openapi.json.
 */
import AjvModule, { type ValidateFunction } from 'ajv/dist/2020.js';

type AjvClass = typeof AjvModule;
const Ajv = ((AjvModule as unknown as { default?: AjvClass }).default ?? AjvModule) as AjvClass;
const DOC_ID = 'urn:doom-board:openapi';

/** `validatorAt(pointer)`: a validator for the schema at a JSON pointer inside `document`, e.g. "/components/schemas/Command". */
export function documentValidators(document: Record<string, unknown>): (pointer: string) => ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, validateFormats: false });
  ajv.addSchema(document, DOC_ID);
  const cache = new Map<string, ValidateFunction>();
  return (pointer) => {
    let v = cache.get(pointer);
    if (!v) {
      v = ajv.getSchema(`${DOC_ID}#${pointer}`);
      if (!v) throw new Error(`openapi.yaml: no schema at ${pointer}`);
      cache.set(pointer, v);
    }
    return v;
  };
}
