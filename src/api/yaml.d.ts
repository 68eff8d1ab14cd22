/** YAML files are parsed at build time (bundling/plugins/yaml-as-json.ts): the module is the object. */
declare module '*.yaml' {
  const value: Record<string, unknown>;
  export default value;
}
