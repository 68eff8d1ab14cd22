/** lib/openapi.json: the OpenAPI document (src/api/openapi.yaml, the source of truth) as JSON, for client generators. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const doc = parse(readFileSync(fileURLToPath(new URL('../src/api/openapi.yaml', import.meta.url)), 'utf8'));
mkdirSync(fileURLToPath(new URL('../lib', import.meta.url)), { recursive: true });
writeFileSync(fileURLToPath(new URL('../lib/openapi.json', import.meta.url)), `${JSON.stringify(doc, null, 2)}\n`);
