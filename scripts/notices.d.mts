// Types of scripts/notices.mjs for the TypeScript tests that import it.
export interface ProductionPackage {
  name: string;
  version: string;
  /** its folder in node_modules */
  dir: string;
}
export interface DescribedPackage {
  name: string;
  version: string;
  license: string | null;
  source: string;
  files: { file: string; text: string }[];
}
export const root: string;
export const noticesFile: string;
export function productionPackages(cwd?: string): ProductionPackage[];
export function describe(p: ProductionPackage): DescribedPackage;
export function renderNotices(described: DescribedPackage[]): string;
export function missingFrom(text: string, packages: ProductionPackage[]): ProductionPackage[];
