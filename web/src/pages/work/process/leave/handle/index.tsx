import { useState } from 'react';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../../../stores/session';
import { flowKeys, completeTask } from '../../../../../api/flow';
import { LeaveCard } from '../LeaveCard';
import { useLeaveRoute } from '../useLeave';
import '../../../../../i18n/flow';

/**
 * /work/process/leave/handle/{taskId}/{processInstanceId}/{businessId}: approve or reject a leave (the
 * leader, HR), or resubmit / withdraw it after a rejection (the applicant).
 */
export default function LeaveHandlePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { taskId, processInstanceId, leave } = useLeaveRoute();
  const userId = useSession((s) => s.userInfo?.user_id);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState(false);
  const complete = useMutation({
    mutationFn: (pass: boolean) =>
      completeTask({ taskId, processInstanceId, flag: pass ? 'ok' : 'reject', comment: comment.trim() }),
    onSuccess: async (_, pass) => {
      message.success(pass ? t('flow.leave.approved') : t('flow.leave.rejected'));
      await queryClient.invalidateQueries({ queryKey: flowKeys.all() });
      navigate('/work/todo/index');
    },
  });
  const applicant = leave.data?.applyUser !== undefined && leave.data.applyUser === userId;
  const act = (pass: boolean) => {
    if (!pass && !applicant && !comment.trim()) {
      setCommentError(true);
      return;
    }
    complete.mutate(pass);
  };

  return (
    <LeaveCard title={t('flow.leave.handleTitle')} testId="leave-handle">
      <Form layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item
          label={t('flow.leave.comment')}
          validateStatus={commentError ? 'error' : undefined}
          help={commentError ? t('flow.leave.commentRequired') : undefined}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            value={comment}
            placeholder={t('flow.leave.commentPlaceholder')}
            data-testid="leave-comment"
            onChange={(e) => {
              setComment(e.target.value);
              setCommentError(false);
            }}
          />
        </Form.Item>
        <Space>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={complete.isPending && complete.variables === true}
            onClick={() => act(true)}
            data-testid="leave-pass"
          >
            {applicant ? t('flow.leave.resubmit') : t('flow.leave.pass')}
          </Button>
          <Button
            danger
            icon={<CloseOutlined />}
            loading={complete.isPending && complete.variables === false}
            onClick={() => act(false)}
            data-testid="leave-reject"
          >
            {applicant ? t('flow.leave.cancel') : t('flow.leave.reject')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('flow.leave.back')}</Button>
        </Space>
      </Form>
    </LeaveCard>
  );
}
