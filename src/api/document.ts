/**
 * The OpenAPI document (openapi.yaml, the single source of truth) as an object, and validators
 * for its schemas compiled by Ajv (JSON Schema 2020-12, which OpenAPI 3.1 schemas are).
 */
import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import docText from './openapi.yaml?raw';
import type { PathProblem } from './problem.ts';

export const openApiDocument: Record<string, unknown> = parse(docText);

const DOC_ID = 'urn:doom-board:openapi';
type AjvClass = typeof AjvModule;
const Ajv = ((AjvModule as unknown as { default?: AjvClass }).default ?? AjvModule) as AjvClass;
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, validateFormats: false });
ajv.addSchema(openApiDocument, DOC_ID);

const cache = new Map<string, ValidateFunction>();

/** A validator for the schema at a JSON pointer inside the document, e.g. "/components/schemas/Command". */
export function validatorAt(pointer: string): ValidateFunction {
  let v = cache.get(pointer);
  if (!v) {
    v = ajv.getSchema(`${DOC_ID}#${pointer}`);
    if (!v) throw new Error(`openapi.yaml: no schema at ${pointer}`);
    cache.set(pointer, v);
  }
  return v;
}

export const schemaValidator = (name: string): ValidateFunction => validatorAt(`/components/schemas/${name}`);

/** Ajv errors as { path, message } with paths rooted at `root` (e.g. "/body"). */
export function problemsOf(errors: ErrorObject[] | null | undefined, root: string): PathProblem[] {
  return (errors ?? []).map((e) => {
    let path = `${root}${e.instancePath}`;
    let message = e.message ?? 'is not valid';
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      path = `${path}/${extra}`;
      message = 'unknown field';
    } else if (e.keyword === 'required') {
      path = `${path}/${(e.params as { missingProperty: string }).missingProperty}`;
      message = 'is required';
    }
    return { path, message };
  });
}
