/**
 * Every field a command of any ruleset may have, `type` first. openapi.yaml's Command schema lists
 * exactly these (additionalProperties: false; test/api/command-fields.test.ts keeps them equal), and
 * Game.apply refuses a command with any other field, naming it: nothing else is ever stored.
 */
export const COMMAND_FIELDS = [
  'type', 'figure', 'target', 'to', 'at', 'door', 'token',
  // doom2016
  'card', 'discard', 'demon', 'portal', 'group', 'play', 'reveal', 'ability', 'drop', 'onto', 'argent',
  // doom2004
  'action', 'order', 'adrenaline', 'weapon', 'aimed', 'dice', 'ammo', 'side',
  // d20
  'helpers',
];

/** The first field of `command` that no command has, or undefined. */
export const unknownField = (command: object): string | undefined => Object.keys(command).find((k) => !COMMAND_FIELDS.includes(k));
