import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportList, type ListParams } from '../api/resource';

/**
 * Downloads a list as a spreadsheet: `exporting` while it runs, a success message after. A refused export
 * was already explained by the request client, so `run` never rejects.
 */
export function useExporter() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const run = async (api: string, params: ListParams, fileName: string) => {
    setExporting(true);
    try {
      await exportList(api, params, fileName);
      void message.success(t('crud.exported'));
    } catch {
      // the client already said why
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
