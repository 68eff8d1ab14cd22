import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { fromMainModule } from './vite.modules.ts';

/** The editor's and the play table's own files; everything else it imports comes from the main module (components/ui-runtime.ts). */
const OWN = /[\\/]components[\\/](editor[\\/]|log[\\/]|modes[\\/]edit-mode\.ts|modes[\\/]editor-entry\.ts|panels[\\/]edit-panel\.ts|panels[\\/]steps-panel\.ts|modes[\\/]table-entry\.ts|panels[\\/]play-table\.ts|modes[\\/]export-entry\.ts|render[\\/]export\.ts|modes[\\/]legend-entry\.ts|render[\\/]legend-list\.ts|modes[\\/]blast-entry\.ts|interaction[\\/]blast\.ts|modes[\\/]handicap-entry\.ts|replay[\\/])|[\\/]src[\\/]scenario[\\/]handicap\.ts$/;

// The editor, the play table, the export, the legend's list, the handicaps and replay mode, loaded by dist/doom-board.js when a board is edited / plays doom2016 or doom2004.
export default defineConfig({
  publicDir: false,
  plugins: [fromMainModule('ui', OWN)],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: false,
    target: 'es2022',
    lib: {
      entry: {
        editor: fileURLToPath(new URL('./components/modes/editor-entry.ts', import.meta.url)),
        table: fileURLToPath(new URL('./components/modes/table-entry.ts', import.meta.url)),
        export: fileURLToPath(new URL('./components/modes/export-entry.ts', import.meta.url)),
        legend: fileURLToPath(new URL('./components/modes/legend-entry.ts', import.meta.url)),
        blast: fileURLToPath(new URL('./components/modes/blast-entry.ts', import.meta.url)),
        handicap: fileURLToPath(new URL('./components/modes/handicap-entry.ts', import.meta.url)),
        replay: fileURLToPath(new URL('./components/replay/replay-entry.ts', import.meta.url)),
      },
      formats: ['es'],
      fileName: (_, name) => `doom-board-${name}.js`,
    },
    rolldownOptions: { output: { minify: true } },
  },
});
