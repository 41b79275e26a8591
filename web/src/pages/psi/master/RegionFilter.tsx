import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSchools } from '../../../api/psi';

/** The counties the tenant's schools are in, as a filter. */
export function RegionFilter({ value, onChange }: { value?: string; onChange: (code?: string) => void }) {
  const { t } = useTranslation();
  const schools = useSchools({}, { staleTime: 60_000 });
  const regions = new Map<string, string>();
  for (const s of schools.data?.records ?? [])
    regions.set(String(s.regionCode), String(s.regionName ?? s.regionCode));
  return (
    <Select
      allowClear
      value={value}
      placeholder={t('psi.school.region')}
      aria-label={t('psi.school.region')}
      style={{ width: 220 }}
      onChange={(v?: string) => onChange(v)}
      options={[...regions]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, name]) => ({ value: code, label: `${name}（${code}）` }))}
      data-testid="region-filter"
    />
  );
}
