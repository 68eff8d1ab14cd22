// The editor's "Use the bundled data sets" gives a drawn board the data of its ruleset's bundled scenario.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA } from '../../components/editor/default-data.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';

describe('the editor\'s default data sets', () => {
  it('are the bundled scenarios\' own, ruleset by ruleset', () => {
    for (const [ruleset, id] of [['doom2016', 'doom2016-tutorial'], ['doom2004', 'doom2004-skirmish'], ['d20', 'd20-skirmish']] as const) {
      expect(DEFAULT_DATA[ruleset], ruleset).toEqual(bundledScenarios.get(id)!.data);
    }
  });
});
