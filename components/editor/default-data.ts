/**
 * The data sets a board drawn in the editor plays with when its author asks (the bundled scenarios'
 * own: test/components/default-data.test.ts holds them equal), so that a worked example of commands
 * can be recorded without writing a `data` block by hand.
 */
export const DEFAULT_DATA: Record<string, Record<string, string>> = {
  doom2016: {
    units: 'doom2016/sample-units', dice: 'doom2016/dice', actionCards: 'doom2016/sample-action-cards', eventCards: 'doom2016/sample-event-cards',
    invasionCards: 'doom2016/sample-invasion-cards', gloryKillCards: 'doom2016/sample-glory-kill-cards', squadCards: 'doom2016/sample-squad-cards', classCards: 'doom2016/sample-class-cards',
  },
  doom2004: { units: 'doom2004/sample-units', weapons: 'doom2004/weapons', dice: 'doom2004/dice', marineStart: 'doom2004/marine-start' },
  d20: { units: 'd20/sample-units' },
};
