import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from './RichTextEditor';
import './richtext.css';

/** The editor and its library load with the first form that has a rich-text field, never with the login page. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** A rich-text form control: HTML in, HTML out (see RichTextEditor). */
export function RichText(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="psi-richtext__loading" data-testid={`richtext-loading-${props.field}`}>
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
