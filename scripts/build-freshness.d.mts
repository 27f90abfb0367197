// Types of scripts/build-freshness.mjs, for its test.
export const STAMP: string;
export const OUTPUTS: string[];
export const INPUT_FOLDERS: string[];
export const INPUT_FILES: string[];
export interface BuildState {
  /** The stamp's modification time; undefined when there is none (no build, or one that did not finish). */
  stampMtimeMs: number | undefined;
  missingOutputs: string[];
  inputs: { path: string; mtimeMs: number }[];
}
export function decideBuild(state: BuildState): { build: boolean; reason: string };
export function readBuildState(root: string): BuildState;
export function clearStamp(root: string): void;
export function writeStamp(root: string): void;
