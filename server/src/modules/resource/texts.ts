import { t } from '@psi/db/model';

export const resourceTexts = {
  badName: t('文件名不合法', 'The file name is not allowed'),
  badType: t('不支持的文件类型: {ext}', 'File type not allowed: {ext}'),
  badContent: t('文件内容与类型不符', 'The file content does not match its type'),
  linkExpired: t('文件链接已过期', 'The file link has expired'),
  linkForged: t('文件链接签名无效', 'The file link signature is not valid'),
  noSms: t('未找到启用的短信配置', 'No enabled SMS configuration was found'),
  phones: t('请输入正确的手机号码', 'Please enter valid phone numbers'),
  tooManyPhones: t('一次最多发送100个号码', 'At most 100 numbers per message'),
  paramsJson: t('短信参数须为JSON对象', 'The message parameters must be a JSON object'),
};
