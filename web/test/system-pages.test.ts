import { describe, expect, it } from 'vitest';
import { clientResource } from '@psi/db/model';
import { fieldRules, toSubmitBody } from '../src/components/resource/model';
import { safeHtml } from '../src/utils/safe-html';
import { phoneRules } from '../src/pages/system/user/UserDialog';
import { i18n } from '../src/i18n';
import '../src/i18n/system';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

async function phoneMessage(value: string): Promise<string | null> {
  const [required, checks] = phoneRules(i18n.t) as [{ message: string }, { validator: Validator }];
  if (!value.trim()) return required.message;
  try {
    await checks.validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('system screens', () => {
  it("phone: the seed's three checks in order", async () => {
    await i18n.changeLanguage('zh');
    expect(await phoneMessage('')).toBe('手机号码不能为空');
    expect(await phoneMessage('1380013')).toBe('手机号码长度不为11位');
    expect(await phoneMessage('23800138000')).toBe('手机号码格式不正确');
    expect(await phoneMessage('13800138000')).toBeNull();
    await i18n.changeLanguage('en');
    expect(await phoneMessage('1380013')).toBe('The phone number is not 11 digits long');
    await i18n.changeLanguage('zh');
  });

  it('notice html: keeps formatting, drops scripts, handlers and javascript links', () => {
    const html = safeHtml(
      '<p>a<b>b</b></p><script>x()</script><img src="x.png" onerror="x()"><a href="javascript:x()">l</a><a href="https://e.com">e</a>',
    );
    expect(html).toContain('<b>b</b>');
    expect(html).not.toContain('script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('a secret is optional on edit and kept when left empty (the server never sends it back)', async () => {
    const secret = clientResource.fields.find((field) => field.name === 'clientSecret')!;
    const [addRule] = fieldRules(clientResource, secret, 'zh', 'add') as [{ required?: boolean }];
    expect(addRule.required).toBe(true);
    const [editRule] = fieldRules(clientResource, secret, 'zh', 'edit') as [
      { required?: boolean; validator: Validator },
    ];
    expect(editRule.required).toBeFalsy();
    await expect(editRule.validator({}, '')).resolves.toBeUndefined();
    const body = toSubmitBody(clientResource, { clientId: 'c1', clientSecret: '', scope: 'all' }, 'edit', {
      id: '9',
    });
    expect(body).not.toHaveProperty('clientSecret');
    expect(body.id).toBe('9');
    expect(
      toSubmitBody(clientResource, { clientSecret: 'new-secret' }, 'edit', { id: '9' }).clientSecret,
    ).toBe('new-secret');
  });
});
