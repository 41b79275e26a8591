import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { App, Button, Form, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { useNavigate } from 'react-router-dom';
import { DiscardBlocker } from '../src/components/discard/DiscardBlocker';
import { FormDialog } from '../src/components/FormDialog';
import { dirtyGuards, navigationLosesWork } from '../src/components/discard/registry';
import { useDiscardGuard } from '../src/components/discard/useDiscardGuard';
import { renderRoutes } from './render';

/** An editor opened by its page's URL (`?edit=1`), closed by clearing it, like the document editors. */
function Editor({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const guard = useDiscardGuard(() => text !== '', onClose, { urlBound: true });
  return (
    <div data-testid="editor">
      <DiscardBlocker />
      <Input aria-label="text" value={text} onChange={(event) => setText(event.target.value)} />
      <Button onClick={guard.close}>close</Button>
      <Button
        onClick={() => {
          guard.release();
          onClose();
        }}
      >
        save
      </Button>
    </div>
  );
}

function ListPage() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  return (
    <App>
      {open ? <Editor onClose={() => setOpen(false)} /> : <span>closed</span>}
      <Button onClick={() => void navigate('/list?id=2')}>other document</Button>
      <Button onClick={() => void navigate('/elsewhere')}>elsewhere</Button>
    </App>
  );
}

function setup() {
  return renderRoutes(
    [
      { path: '/list', element: <ListPage /> },
      { path: '/elsewhere', element: <span>elsewhere page</span> },
    ],
    '/list?edit=1',
  );
}

/** The buttons of the latest question (a closed one may still be fading out). */
const latest = async (testId: string) => (await screen.findAllByTestId(testId)).at(-1)!;

const type = (value: string) => fireEvent.change(screen.getByLabelText('text'), { target: { value } });

describe('no lost work', () => {
  afterEach(() => {
    cleanup();
    // a closed editor leaves no guard behind
    expect(dirtyGuards()).toEqual([]);
  });

  it('closes a clean editor without asking', async () => {
    setup();
    fireEvent.click(await screen.findByText('close'));
    await screen.findByText('closed');
    expect(screen.queryByTestId('discard-ok')).toBeNull();
  });

  it('asks before a changed editor closes: keeping the work keeps it, discarding closes', async () => {
    setup();
    type('half an order');
    fireEvent.click(screen.getByText('close'));
    await screen.findByTestId('discard-ok');
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('放弃修改？');
    fireEvent.click(await latest('discard-cancel'));
    expect((screen.getByLabelText('text') as HTMLInputElement).value).toBe('half an order');

    fireEvent.click(screen.getByText('close'));
    fireEvent.click(await latest('discard-ok'));
    await screen.findByText('closed');
  });

  it('asks before the browser tab closes or reloads while work is unsaved', async () => {
    setup();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByText('close');
    expect(unload()).toBe(false);
    type('x');
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByText('save'));
    await screen.findByText('closed');
    expect(unload()).toBe(false);
  });

  it('asks before a navigation would close the editor; other pages keep it alive and are not asked about', async () => {
    const { router } = setup();
    type('x');
    expect(
      navigationLosesWork({ pathname: '/list', search: '?edit=1' }, { pathname: '/list', search: '?id=2' }),
    ).toBe(true);
    expect(
      navigationLosesWork({ pathname: '/list', search: '?edit=1' }, { pathname: '/elsewhere', search: '' }),
    ).toBe(false);

    fireEvent.click(screen.getByText('other document'));
    await screen.findByTestId('discard-ok');
    fireEvent.click(await latest('discard-cancel'));
    await waitFor(() => expect(router.state.location.search).toBe('?edit=1'));
    expect((screen.getByLabelText('text') as HTMLInputElement).value).toBe('x');

    fireEvent.click(screen.getByText('other document'));
    fireEvent.click(await latest('discard-ok'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=2'));
    // the list page closes its editor itself when its URL changes; here the test does it
    fireEvent.click(screen.getByText('save'));
    await screen.findByText('closed');
  });
});

/** A page with one input dialog in the shared frame, as the recharge dialog is built. */
function DialogPage() {
  const [open, setOpen] = useState(true);
  const [form] = Form.useForm<{ amount?: string }>();
  return (
    <App>
      {open ? (
        <FormDialog title="充值" saving={false} form={form} onCancel={() => setOpen(false)}>
          <Form form={form}>
            <Form.Item name="amount">
              <Input aria-label="amount" />
            </Form.Item>
          </Form>
        </FormDialog>
      ) : (
        <span>closed</span>
      )}
    </App>
  );
}

describe('every input dialog', () => {
  afterEach(() => {
    cleanup();
    expect(dirtyGuards()).toEqual([]);
  });

  it('keeps typed work through a click on the mask, asks on cancel, and focuses the safe answer', async () => {
    renderRoutes([{ path: '/list', element: <DialogPage /> }], '/list');
    fireEvent.change(await screen.findByLabelText('amount'), { target: { value: '1000' } });
    // one stray click on the grey mask closes nothing
    const wrap = document.querySelector('.ant-modal-wrap')!;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    expect(screen.queryByTestId('discard-ok')).toBeNull();
    expect((screen.getByLabelText('amount') as HTMLInputElement).value).toBe('1000');
    // cancel asks; a reflex Enter lands on 继续编辑, not on the red button
    fireEvent.click(screen.getByText(/取\s*消/));
    const keep = await latest('discard-cancel');
    await waitFor(() => expect(document.activeElement).toBe(keep));
    fireEvent.click(keep);
    expect((screen.getByLabelText('amount') as HTMLInputElement).value).toBe('1000');
    fireEvent.click(screen.getByText(/取\s*消/));
    fireEvent.click(await latest('discard-ok'));
    await screen.findByText('closed');
  });
});
