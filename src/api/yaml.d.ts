/** YAML files are parsed at build time (vite.modules.ts, yamlAsJson): the module is the object. */
declare module '*.yaml' {
  const value: Record<string, unknown>;
  export default value;
}
