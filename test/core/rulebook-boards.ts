/**
 * Rulebook diagrams shared by several tests. Deckungsbeispiel (doom2016 cover example): Alpha sees all
 * three demons; the cacodemon is not in cover; the imp is in cover because a line passes the
 * possessed soldier's space; the soldier is in cover because a line crosses blocking terrain.
 */
import { fixture } from './fixture.ts';

const marine = (id: string) => ({ id, side: 'marines', teleports: true });
const demon = (id: string) => ({ id, side: 'demons' });

export const COVER_EXAMPLE_2016 = fixture('doom2016', `
    +-+-+-+-+-+-+-+
    |A . . . . C .|
    + + + + + + + +
    |. . . . . . .|
    + + + + + + + +
    |. . . . . . .|
    + +x+ + + + + +
    |. . S . . . .|
    + + + + + + + +
    |. . . . I . .|
    +-+-+-+-+-+-+-+`,
{ A: marine('alpha'), C: demon('cacodemon'), S: demon('soldier'), I: demon('imp') });
