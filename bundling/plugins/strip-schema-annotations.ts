import type { Plugin } from 'vite';

/** The schema's descriptions are documentation: the validator never reads them, the bundle need not carry them. */
export function stripSchemaAnnotations(): Plugin {
  const ANNOTATIONS = ['description', 'examples', '$comment'];
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      // A key named like an annotation inside "properties" is a property schema (an object): keep it.
      if (ANNOTATIONS.includes(k) && (typeof x === 'string' || k === 'examples')) continue;
      out[k] = strip(x);
    }
    return out;
  };
  return {
    name: 'doom-board:strip-schema-annotations',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('scenario.schema.json')) return null;
      return { code: JSON.stringify(strip(JSON.parse(code))), map: null };
    },
  };
}
