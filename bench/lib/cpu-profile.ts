/**
 * `--cpu-prof`: the booking server runs under V8's sampling profiler (node --cpu-prof); this reads the
 * .cpuprofile it writes on exit and prints where the server's CPU went during the run: self time by function
 * and by package or source folder (the profile itself stays in the kept temp folder for Chrome DevTools).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a script lives: a package name, a source folder of the bundle (via source maps the url stays the bundle's), node internals. */
function placeOf(url: string): string {
  if (!url) return '(native / idle / gc)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  return url.replace(/^file:\/\//, '').replace(/^.*\/(dist|src)\//, '$1/');
}

export function summariseProfile(folder: string, top = 25): string {
  const files = readdirSync(folder).filter((name) => name.endsWith('.cpuprofile'));
  if (!files.length) return `no .cpuprofile in ${folder}`;
  const lines: string[] = [];
  for (const file of files) {
    const profile = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const selfMicros = new Map<number, number>();
    profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const total = profile.endTime - profile.startTime;
    const byFunction = new Map<string, number>();
    const byPlace = new Map<string, number>();
    for (const [id, micros] of selfMicros) {
      const frame = byId.get(id)!.callFrame;
      const name = frame.functionName || '(anonymous)';
      if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') {
        byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
        byPlace.set(name, (byPlace.get(name) ?? 0) + micros);
        continue;
      }
      const place = placeOf(frame.url);
      const key = `${name}  ${place}:${frame.lineNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
      byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
    }
    const pct = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
    const sorted = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
    lines.push(`${file}: ${(total / 1e6).toFixed(1)} s profiled`);
    lines.push('  self time by place:');
    for (const [place, micros] of sorted(byPlace, 15)) lines.push(`    ${pct(micros)}  ${place}`);
    lines.push(`  self time by function (top ${top}):`);
    for (const [key, micros] of sorted(byFunction, top)) lines.push(`    ${pct(micros)}  ${key}`);
  }
  return lines.join('\n');
}
