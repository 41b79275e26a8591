import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Downloads a list as a spreadsheet (an api layer's export call, e.g. `exportList`): `exporting` while it runs, a success message after. A refused export
 * was already explained by the request client, so `run` never rejects.
 */
export function useExporter() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const run = async (download: () => Promise<unknown>) => {
    setExporting(true);
    try {
      await download();
      void message.success(t('crud.exported'));
    } catch {
      // the client already said why
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
