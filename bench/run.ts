/**
 * npm run bench: the speed-and-scale benchmark (bench/speed-and-scale.ts, see bench/README.md), or with
 * `import` / `--only=import` the CSV import scenario (bench/csv-import.ts). Reports; exits 1 only on wrong
 * behaviour (overbooking, a rush other than 20/180, non-2xx answers during a read run, a scenario that breaks).
 */
import { parseOptions } from './lib/util';

const options = parseOptions(process.argv.slice(2));
let code: number;
if (options.csvImport) {
  const { csvImport } = await import('./csv-import');
  code = await csvImport(options);
} else {
  const { speedAndScale } = await import('./speed-and-scale');
  code = await speedAndScale(options);
}
process.exit(code);
