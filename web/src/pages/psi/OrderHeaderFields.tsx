import { DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { type MySchool, useDepositories, useSchools, useServingDepositories } from '../../api/psi';
import { depositoryOptions, schoolOptions } from './options';
import { FieldCol, ReceiverFields } from './fields';

interface OrderHeaderFieldsProps {
  form: FormInstance;
  isPurchase: boolean;
  /** The school user's own school: the only one offered. */
  ownSchool?: MySchool | null;
  isSchoolUser: boolean;
}

/** The school of a sale order: the user's own, or any enabled school (choosing one fills its defaults). */
function SchoolField({ form, ownSchool, isSchoolUser }: Omit<OrderHeaderFieldsProps, 'isPurchase'>) {
  const { t } = useTranslation();
  const schools = useSchools({ status: 1 }, { enabled: !isSchoolUser, staleTime: 60_000 });
  return (
    <FieldCol
      span={8}
      name="schoolId"
      label={t('psi.field.school')}
      rules={[{ required: true, message: t('psi.required.school') }]}
    >
      {isSchoolUser ? (
        <Select
          disabled
          options={ownSchool ? [{ value: ownSchool.id, label: ownSchool.schoolName }] : []}
          data-testid="field-schoolId"
        />
      ) : (
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={schools.isLoading}
          options={schoolOptions(schools.data?.records)}
          onChange={(value: string) => {
            const s = schools.data?.records.find((x) => x.id === value);
            form.setFieldsValue({
              depositoryId: s?.depositoryId ?? undefined,
              receiverName: s?.contactName ?? undefined,
              receiverPhone: s?.contactPhone ?? undefined,
              receiverAddress: s?.address ?? undefined,
            });
          }}
          data-testid="field-schoolId"
        />
      )}
    </FieldCol>
  );
}

/** The depository: any for a purchase receipt, else one of those serving the chosen school. */
function DepositoryField({ form, isPurchase }: { form: FormInstance; isPurchase: boolean }) {
  const { t } = useTranslation();
  const schoolId = Form.useWatch('schoolId', form) as string | undefined;
  const visible = useDepositories(isPurchase);
  const serving = useServingDepositories(schoolId, !isPurchase);
  const depositories = isPurchase ? visible : serving;
  return (
    <FieldCol
      span={8}
      name="depositoryId"
      label={t('psi.field.depository')}
      rules={[{ required: true, message: t('psi.required.depository') }]}
      extra={isPurchase ? undefined : t('psi.purchaseorderyypt.depositoryHint')}
    >
      <Select
        loading={depositories.isLoading}
        options={depositoryOptions(depositories.data)}
        data-testid="field-depositoryId"
      />
    </FieldCol>
  );
}

/** The supplier of a purchase receipt. */
function SupplierFields() {
  const { t } = useTranslation();
  return (
    <>
      <FieldCol
        span={8}
        name="supplierName"
        label={t('psi.field.supplierName')}
        rules={[{ required: true, message: t('psi.required.supplierName') }]}
      >
        <Input maxLength={100} data-testid="field-supplierName" />
      </FieldCol>
      <FieldCol span={8} name="supplierContact" label={t('psi.field.supplierContact')}>
        <Input maxLength={100} />
      </FieldCol>
    </>
  );
}

/**
 * The header of an order: the supplier (purchase receipt) or the school, the depository and the term;
 * then the expected date (purchase) or the receiver, and a remark.
 */
export function OrderHeaderFields(props: OrderHeaderFieldsProps) {
  const { t } = useTranslation();
  const { form, isPurchase } = props;
  return (
    <>
      {isPurchase ? <SupplierFields /> : <SchoolField {...props} />}
      <DepositoryField form={form} isPurchase={isPurchase} />
      <FieldCol
        span={8}
        name="term"
        label={t('psi.field.term')}
        rules={[{ required: true, pattern: /^\d{4}-\d{4}-[12]$/, message: '2025-2026-1' }]}
      >
        <Input maxLength={11} data-testid="field-term" />
      </FieldCol>
      {isPurchase ? (
        <FieldCol span={8} name="expectedDate" label={t('psi.field.expectedDate')}>
          <DatePicker style={{ width: '100%' }} />
        </FieldCol>
      ) : (
        <ReceiverFields required spans={[8, 8, 8]} />
      )}
      <FieldCol span={isPurchase ? 16 : 24} name="remark" label={t('psi.common.remark')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
      </FieldCol>
    </>
  );
}
