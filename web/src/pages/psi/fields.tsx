import type { ReactNode } from 'react';
import { Col, Form, Input, type FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../i18n/psi';

/**
 * A form field taking `span` of the 24 columns of a header's grid row from a tablet up (`md`, 768 px);
 * on a phone every field takes the whole row (ant-design-pro's forms in one column).
 */
export function FieldCol({ span, children, ...item }: FormItemProps & { span: number; children: ReactNode }) {
  return (
    <Col xs={24} md={span}>
      <Form.Item {...item}>{children}</Form.Item>
    </Col>
  );
}

/** Receiver name, phone and address of an order or a delivery (inside a form's grid row). */
export function ReceiverFields({ required, spans }: { required: boolean; spans: [number, number, number] }) {
  const { t } = useTranslation();
  const fields = [
    {
      name: 'receiverName',
      label: t('psi.field.receiverName'),
      need: t('psi.required.receiverName'),
      max: 50,
    },
    {
      name: 'receiverPhone',
      label: t('psi.field.receiverPhone'),
      need: t('psi.required.receiverPhone'),
      max: 20,
    },
    {
      name: 'receiverAddress',
      label: t('psi.field.receiverAddress'),
      need: t('psi.required.receiverAddress'),
      max: 255,
    },
  ];
  return fields.map(({ name, label, need, max }, i) => (
    <Col key={name} xs={24} md={spans[i]}>
      <Form.Item name={name} label={label} rules={required ? [{ required: true, message: need }] : undefined}>
        <Input maxLength={max} data-testid={`field-${name}`} />
      </Form.Item>
    </Col>
  ));
}
