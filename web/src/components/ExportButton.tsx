import type { ReactNode } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** The export button of a list: it spins while the file is being made. */
export function ExportButton({
  exporting,
  onClick,
  testId,
  children,
}: {
  exporting: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
