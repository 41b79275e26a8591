import { Select, type SelectProps } from 'antd';
import { useDepositories } from '../../api/psi';

/** A filter by depository: the enabled ones the caller may see, by name. */
export function DepositorySelect(props: SelectProps<string> & { 'data-testid': string }) {
  const depositories = useDepositories();
  return (
    <Select
      allowClear
      style={{ width: 200 }}
      loading={depositories.isLoading}
      options={(depositories.data ?? []).map((d) => ({
        value: String(d.id),
        label: String(d.depositoryName),
      }))}
      {...props}
    />
  );
}
