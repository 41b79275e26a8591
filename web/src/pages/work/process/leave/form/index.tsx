import { useState } from 'react';
import { PartitionOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { flowKeys, leaveApprovers, startLeave, useLeaveTypes } from '../../../../../api/flow';
import { FlowChartDialog, type FlowChartTarget } from '../../../../../components/flow/FlowChartDialog';
import '../../../../../i18n/flow';
import { RequiredItem } from '../../../../../components/RequiredItem';

interface LeaveForm {
  leaveType: number;
  startTime: Dayjs;
  endTime: Dayjs;
  days: number;
  reason: string;
  taskUser: string;
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** /work/process/leave/form/{processDefinitionId}: the leave request that starts the leave process. */
export default function LeaveFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { processDefinitionId = '' } = useParams();
  const [form] = Form.useForm<LeaveForm>();
  const [chart, setChart] = useState<FlowChartTarget | null>(null);
  const types = useLeaveTypes();
  const approvers = useQuery({ queryKey: flowKeys.leaveApprovers(), queryFn: leaveApprovers });
  const submit = useMutation({
    mutationFn: (values: LeaveForm) =>
      startLeave({
        processDefinitionId,
        leaveType: values.leaveType,
        startTime: values.startTime.format(FORMAT),
        endTime: values.endTime.format(FORMAT),
        days: values.days,
        reason: values.reason,
        taskUser: values.taskUser,
      }),
    onSuccess: async () => {
      message.success(t('flow.leave.submitted'));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: flowKeys.all() });
      navigate('/work/send/index');
    },
  });

  /** Whole days from the start date to the end date (both counted). */
  const suggestDays = () => {
    const start = form.getFieldValue('startTime') as Dayjs | undefined;
    const end = form.getFieldValue('endTime') as Dayjs | undefined;
    if (start && end && !end.isBefore(start)) {
      form.setFieldValue('days', end.startOf('day').diff(start.startOf('day'), 'day') + 1);
    }
  };

  return (
    <Card
      variant="borderless"
      title={t('flow.leave.formTitle')}
      data-testid="leave-form"
      extra={
        <Button icon={<PartitionOutlined />} onClick={() => setChart({ processDefinitionId })}>
          {t('flow.common.diagram')}
        </Button>
      }
    >
      <Form<LeaveForm>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        style={{ maxWidth: 720 }}
        onFinish={(values) => submit.mutate(values)}
      >
        <RequiredItem
          name="leaveType"
          label={t('flow.leave.leaveType')}
          message={t('flow.leave.leaveTypeRequired')}
        >
          <Select
            data-testid="leave-type"
            options={types.map((d) => ({
              value: Number(d.dictKey),
              label: t(`flow.leave.types.${String(d.dictKey)}`, { defaultValue: d.dictValue }),
            }))}
          />
        </RequiredItem>
        <RequiredItem
          name="startTime"
          label={t('flow.leave.startTime')}
          message={t('flow.leave.startRequired')}
        >
          <DatePicker
            showTime
            format={FORMAT}
            style={{ width: '100%' }}
            onChange={suggestDays}
            data-testid="leave-start"
          />
        </RequiredItem>
        <Form.Item
          name="endTime"
          label={t('flow.leave.endTime')}
          dependencies={['startTime']}
          rules={[
            { required: true, message: t('flow.leave.endRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | undefined) => {
                const start = getFieldValue('startTime') as Dayjs | undefined;
                return !value || !start || !value.isBefore(start)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('flow.leave.rangeError')));
              },
            }),
          ]}
        >
          <DatePicker
            showTime
            format={FORMAT}
            style={{ width: '100%' }}
            onChange={suggestDays}
            data-testid="leave-end"
          />
        </Form.Item>
        <RequiredItem name="days" label={t('flow.leave.days')} message={t('flow.leave.daysRequired')}>
          <InputNumber min={1} max={365} precision={0} style={{ width: 160 }} data-testid="leave-days" />
        </RequiredItem>
        <RequiredItem
          name="reason"
          label={t('flow.leave.reason')}
          message={t('flow.leave.reasonRequired')}
          whitespace
        >
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="leave-reason" />
        </RequiredItem>
        <RequiredItem
          name="taskUser"
          label={t('flow.leave.approver')}
          message={t('flow.leave.approverRequired')}
        >
          <Select
            data-testid="leave-approver"
            loading={approvers.isLoading}
            options={(approvers.data ?? []).map((a) => ({
              value: a.id,
              label: `${a.realName} (${a.account})`,
            }))}
          />
        </RequiredItem>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="leave-submit">
              {t('flow.leave.submit')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('flow.leave.back')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
    </Card>
  );
}
