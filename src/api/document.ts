/**
 * The OpenAPI document (openapi.yaml, the single source of truth) as an object, and validators
 * for its schemas (document-validators.ts).
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import openApi from './openapi.yaml';
import { documentValidators } from './document-validators.ts';
import type { PathProblem } from './problem.ts';

export const openApiDocument: Record<string, unknown> = openApi;

const DOC_ID = 'urn:doom-board:openapi';
/** A validator for the schema at a JSON pointer inside the document, e.g. "/components/schemas/Command". */
export const validatorAt = documentValidators(openApiDocument);

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
