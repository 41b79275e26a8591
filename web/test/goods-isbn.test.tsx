import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { goodsInfoResource, type FieldDef, type Lang } from '@psi/db/model';
import { ResourceDialog } from '../src/components/resource/ResourceDialog';
import { validateField } from '../src/components/resource/model';
import { envelope, resetStores, signIn } from './helpers';
import { server } from './msw-server';
import { renderPage } from './render';

/** The goods dialog checks an ISBN-13's check digit as it is typed, with the message the server gives. */
const isbn = goodsInfoResource.fields.find((f) => f.name === 'isbn') as FieldDef;

function renderDialog(lang: Lang) {
  server.use(
    http.get('/api/blade-system/dict/dictionary', () => envelope([])),
    http.get('/api/blade-system/dict-biz/dictionary', () => envelope([])),
  );
  renderPage(
    <App>
      <ResourceDialog
        def={goodsInfoResource}
        lang={lang}
        mode="add"
        record={null}
        onClose={() => undefined}
        onSaved={() => undefined}
      />
    </App>,
  );
}

const typeIsbn = async (value: string) => {
  const form = await screen.findByTestId('resource-form');
  const input = form.querySelector('[data-field="isbn"]') as Element;
  fireEvent.change(input, { target: { value } });
};

describe('ISBN-13 check digit in the goods form', () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });

  it('the declaration rule: a wrong check digit has a message in zh and en, a right one none', () => {
    expect(validateField(goodsInfoResource, isbn, '9787107524454', 'zh', 'add')).toBe('ISBN校验失败');
    expect(validateField(goodsInfoResource, isbn, '9787107524454', 'en', 'add')).toBe(
      'Invalid ISBN-13 check digit',
    );
    expect(validateField(goodsInfoResource, isbn, '9787107524455', 'zh', 'add')).toBeNull();
    expect(validateField(goodsInfoResource, isbn, '978-7-107-52445-5', 'zh', 'add')).toBeNull();
    expect(validateField(goodsInfoResource, isbn, '978710752445', 'zh', 'add')).toBe('ISBN校验失败');
  });

  it('shows the message while typing a wrong ISBN and clears it when corrected', async () => {
    renderDialog('zh');
    await typeIsbn('9787107524454');
    expect(await screen.findByText('ISBN校验失败')).toBeTruthy();
    await typeIsbn('9787107524455');
    await waitFor(() => expect(screen.queryByText('ISBN校验失败')).toBeNull());
  });

  it('in English', async () => {
    renderDialog('en');
    await typeIsbn('978-7-107-52445-4');
    expect(await screen.findByText('Invalid ISBN-13 check digit')).toBeTruthy();
  });
});
